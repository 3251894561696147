import type { GradingLanguage, Lexicon } from "./lexicon-schema";

// Reading a learner's free text before it is graded (issue: free-text grading). The text is cut into
// clauses; a clause is denied (a negation cue in it), supposed (a conditional cue) or asserted. A
// clause gives credit only when it reads as a sentence, not a list of terms, and is the learner's
// own words, not the case's. Terms are found by script: Latin and Tamil words from their start
// (Tamil and Malay add endings), Thai and Chinese anywhere, since they are written without spaces.

/** The lexicons the grader reads with, and their cues, by language. */
export interface Readers {
  lexicons: Map<GradingLanguage, Lexicon>;
  cues: Map<GradingLanguage, LanguageCues>;
  /** Each case's translated texts by case id: copying them is not reasoning either. */
  caseTexts?: Map<string, string[]>;
}

/** A language's cues as the reader uses them, normalised once. */
export interface LanguageCues {
  language: GradingLanguage;
  negation: string[];
  conditional: string[];
  boundaries: string[];
  functionWords: Set<string>;
  joiners: Set<string>;
  idioms: string[];
  adjuncts: string[];
}

/**
 * A function word of any of the sets, or a word opened by one elided ("l'agent", "j'ai",
 * "n'atteint", "qu'il"): French writes its articles, pronouns and "ne" onto the next word; or one
 * with a Malay ending ("hanyalah", "sahajalah").
 */
function isFunctionWord(sets: readonly Set<string>[], word: string): boolean {
  const elided = /^\p{L}{1,3}'/u.exec(word)?.[0];
  // Malay writes its emphatic and possessive endings onto function words too ("hanyalah").
  const bare = /^(\p{L}{2,}?)(?:lah|nya|kah|pun)$/u.exec(word)?.[1];
  return sets.some(
    (set) =>
      set.has(word) ||
      (elided !== undefined && set.has(elided)) ||
      (bare !== undefined && set.has(bare)),
  );
}

export function cuesOf(lexicon: Lexicon): LanguageCues {
  const all = (list: string[]) => [...new Set(list.map(normalize).filter(Boolean))];
  return {
    language: lexicon.language,
    negation: all(lexicon.cues.negation),
    conditional: all(lexicon.cues.conditional),
    boundaries: all(lexicon.cues.boundaries),
    functionWords: new Set(all(lexicon.cues.functionWords)),
    joiners: new Set(all(lexicon.cues.joiners)),
    idioms: all(lexicon.cues.idioms),
    adjuncts: all(lexicon.cues.adjuncts),
  };
}

const CURRENCIES = "thb|sgd|myr|rm|cad|usd";
const CURRENCY_AFTER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?) ?(${CURRENCIES})(?![\p{L}\p{N}])`,
  "gu",
);
const CURRENCY_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}])(${CURRENCIES}) ?(?=\d)`, "gu");

/**
 * Lower case, composed (NFC), digits joined across thousands separators ("412,650" → "412650").
 * Accents and marks stay: Vietnamese "dừng" (stop) is not "đừng" (don't), nor "cha" "chả", and
 * Thai and Tamil vowel signs are part of their letters.
 */
export function normalize(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/(\d)[,.\u00a0\u202f' ](?=\d{3}\b)/gu, "$1")
      // An amount with its currency is written one way: "RM25,000", "25.000 RM" → "rm 25000".
      .replace(CURRENCY_AFTER, "$2 $1")
      .replace(CURRENCY_BEFORE, "$1 ")
      .replace(/[’`]/gu, "'")
      .replace(/\s+/gu, " ")
      .trim()
  );
}

type Script = "latin" | "thai" | "han" | "tamil" | "other";

const scripts = new Map<string, Script>();

/** The script of a character, remembered: terms are looked up by their first one many times. */
function scriptOf(char: string): Script {
  let script = scripts.get(char);
  if (script === undefined) {
    script = scriptOfChar(char);
    scripts.set(char, script);
  }
  return script;
}

function scriptOfChar(char: string): Script {
  if (/\p{Script=Thai}/u.test(char)) return "thai";
  if (/\p{Script=Han}/u.test(char)) return "han";
  if (/\p{Script=Tamil}/u.test(char)) return "tamil";
  if (/[\p{Script=Latin}\p{N}]/u.test(char)) return "latin";
  return "other";
}

const isLetter = (char: string | undefined) =>
  char !== undefined && /[\p{L}\p{N}\p{M}]/u.test(char);

/** A character of a script written without spaces, next to a term of another script. */
const unspaced = (char: string | undefined, script: Script) => {
  if (char === undefined) return false;
  const other = scriptOf(char);
  return other !== script && (other === "han" || other === "thai");
};

/**
 * A Latin phrase also names its plural, its last word ending in -s, -es or -x (English, French):
 * "shared address" finds "shared addresses". A single word keeps the forms its lexicon lists
 * ("mule", "mules"), so a word alone ("student") does not stretch to a text about others. Any
 * Latin term takes Malay's possessive and emphatic endings ("dalam failnya", in his file).
 */
function takesEnding(text: string, end: number, term: string): boolean {
  if (!/[a-zà-ÿ]/u.test(term.at(-1) ?? "")) return false;
  const endings = term.includes(" ") ? LATIN_ENDINGS : MALAY_ENDINGS;
  return endings.some(
    (ending) => text.startsWith(ending, end) && !isLetter(text[end + ending.length]),
  );
}

/** Endings a single Latin word may take: Malay's "-nya" and "-lah" ("failnya", its file). */
const MALAY_ENDINGS = ["nya", "lah"];
/** Endings a Latin phrase may take: the plural's and Malay's. */
const LATIN_ENDINGS = ["s", "es", "x", ...MALAY_ENDINGS];

const NONE: readonly number[] = Object.freeze([]);

/** Where a normalised term starts in a normalised text, by the rules of the term's script. */
export function findTerm(text: string, term: string): readonly number[] {
  let at = term ? text.indexOf(term) : -1;
  // Most terms are not in most clauses: nothing more is done for them.
  if (at === -1) return NONE;
  const script = scriptOf(term[0] ?? "");
  const found: number[] = [];
  while (at !== -1) {
    const before = text[at - 1];
    const after = text[at + term.length];
    // A script written without spaces (Chinese, Thai) bounds a word of another script: "163笔".
    const startsWord =
      script === "thai" || script === "han" || !isLetter(before) || unspaced(before, script);
    // Latin terms end with their word (a prefix "str" must not fire in "strong"), save for Malay
    // and French endings the lexicons list as separate forms; Tamil words take case endings.
    const endsWord =
      term.endsWith("'") ||
      script === "thai" ||
      script === "han" ||
      script === "tamil" ||
      !isLetter(after) ||
      unspaced(after, script) ||
      takesEnding(text, at + term.length, term);
    if (startsWord && endsWord) found.push(at);
    at = text.indexOf(term, at + 1);
  }
  return found;
}

export const mentionsTerm = (text: string, term: string) => findTerm(text, term).length > 0;

/** The language a text is written in: by script, then by the function words of Latin languages. */
export function detectLanguage(
  text: string,
  latin: readonly { language: GradingLanguage; functionWords: Set<string> }[],
): GradingLanguage {
  const counts = { thai: 0, han: 0, tamil: 0, latin: 0, other: 0 };
  for (const char of text) counts[scriptOf(char)] += 1;
  const letters = counts.thai + counts.han + counts.tamil + counts.latin;
  if (letters === 0) return "en";
  if (counts.thai / letters > 0.3) return "th";
  if (counts.han / letters > 0.2) return "zh";
  if (counts.tamil / letters > 0.3) return "ta";
  // Letters only Vietnamese uses (French has â, ê and ô too).
  const vietnamese = text.match(/[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/giu);
  if ((vietnamese?.length ?? 0) >= 3) return "vi";
  const words = normalize(text).split(/[^\p{L}']+/u);
  let best: GradingLanguage = "en";
  let bestCount = 0;
  for (const candidate of latin) {
    const count = words.filter((word) => isFunctionWord([candidate.functionWords], word)).length;
    if (count > bestCount) {
      best = candidate.language;
      bestCount = count;
    }
  }
  return best;
}

export interface Clause {
  /** Normalised text of the clause. */
  text: string;
  /** The words of the clause as the language's segmenter cuts them. */
  words: string[];
  /** Where negation cues (not part of a term) start and end in the clause's text. */
  negations: { start: number; end: number }[];
  supposed: boolean;
  /** Opens with its conditional cue: the clause after it is the supposition's consequence. */
  opensSupposition: boolean;
  /** Reads as part of a sentence: enough words, some function words, not only terms. */
  sentence: boolean;
  /**
   * Not a sentence but a note of the case's facts: a figure (an amount, a date, a quantity) among
   * words that are not only terms ("số lượng chênh 148 tấn", "quantity short by 148 t"). It can
   * state a signal the learner noticed; it cannot show reasoning.
   */
  fact: boolean;
  /** Most of it is the case's own text. */
  copied: boolean;
  /** Where the clause ends for a negation after a term: before a closing "at this stage". */
  end: number;
}

const segmenters = new Map<string, Intl.Segmenter>();
function segmenterFor(language: GradingLanguage): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

function wordsOf(text: string, language: GradingLanguage): string[] {
  return [...segmenterFor(language).segment(text)]
    .filter((segment) => segment.isWordLike)
    .map((segment) => segment.segment);
}

/** Sentences end at these; Chinese joins clauses with '，' and lists with '、'. */
const SENTENCE_END = /[.!?;:\n。！？；：]+|，|\s+[-–—]\s+/gu;

/** Words a full stop shortens rather than ends a sentence with ("Ridgeline Grounds Inc.", "Mr."). */
const ABBREVIATION =
  /(?:^|[^\p{L}])(?:inc|ltd|co|corp|bhd|pte|llc|plc|mr|mrs|ms|dr|st|jr|sr|no|nos|vs|etc|approx|e\.g|i\.e|ref|sdn|cie|ltée|m|mme|art|par|paragr|al|en|pn|tn|hj)$/u;

/**
 * A normalised text cut into sentences: at a full stop, save one inside a figure ("CAD 7.50",
 * "14:30") or after an abbreviation ("Inc.", "Mr.", "e.g."), which does not end a sentence.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(SENTENCE_END)) {
    const at = match.index;
    const mark = match[0];
    const inFigure =
      /^[.:]$/u.test(mark) && /\d/u.test(text[at - 1] ?? "") && /\d/u.test(text[at + 1] ?? "");
    const shortened = mark === "." && ABBREVIATION.test(text.slice(Math.max(0, at - 8), at));
    if (inFigure || shortened) continue;
    sentences.push(text.slice(start, at));
    start = at + mark.length;
  }
  sentences.push(text.slice(start));
  return sentences;
}

/** Cuts a text into clauses at sentence ends, commas and the language's joining words. */
function clauseTexts(
  text: string,
  cues: readonly LanguageCues[],
  language: GradingLanguage,
  terms: readonly string[],
) {
  // English joining words cut English text and text that mixes it in, but not Vietnamese, whose
  // syllables they spell ("so với", compared with).
  const boundaries = cues
    .filter((cue) => language !== "vi" || cue.language === "vi")
    .flatMap((cue) => cue.boundaries);
  const pieces: { text: string; sentence: number }[] = [];
  for (const [index, sentence] of sentencesOf(normalize(text)).entries()) {
    // Thai separates clauses and sentences with a space between Thai words; elsewhere a comma does.
    const parts =
      language === "th"
        ? sentence.split(/(?<=\p{Script=Thai})\s+(?=\p{Script=Thai})|,\s*/u)
        : sentence.split(/,\s*/u);
    for (const part of parts) {
      let rest = part.trim();
      // A joining word opens a new clause ("…, so it is suspicious", "… because the payers …").
      for (;;) {
        const cut = firstBoundary(rest, boundaries, terms);
        if (cut <= 0) break;
        pieces.push({ text: rest.slice(0, cut).trim(), sentence: index });
        rest = rest.slice(cut).trim();
      }
      if (rest) pieces.push({ text: rest, sentence: index });
    }
  }
  return pieces.filter((piece) => piece.text !== "");
}

/** The first joining word of a text that is not inside a term ("alamat yang sama" is one). */
function firstBoundary(text: string, boundaries: readonly string[], terms: readonly string[]) {
  const spans = termSpans(text, terms);
  // The joining words the text opens with ("dan kemudian …") are one: none of them cuts it again.
  const opening = Math.max(
    0,
    ...boundaries.filter((word) => findTerm(text, word)[0] === 0).map((word) => word.length),
  );
  let first = -1;
  let thai: Set<number> | undefined;
  for (const word of boundaries) {
    for (const at of findTerm(text, word)) {
      const inside = spans.some(([start, end]) => at > start && at < end);
      if (at < opening || at === 0 || inside || (first !== -1 && at >= first)) continue;
      // Thai runs its words together: "แต่" (but) is a boundary, not the start of "แต่ละ" (each).
      if (scriptOf(word[0] ?? "") === "thai") {
        thai ??= wordEdges(text, "th");
        if (!thai.has(at) || !thai.has(at + word.length)) continue;
      }
      first = at;
    }
  }
  return first;
}

/** Where the words of a text start and end, by the language's dictionary. */
function wordEdges(text: string, language: GradingLanguage): Set<number> {
  const edges = new Set<number>();
  for (const segment of segmenterFor(language).segment(text)) {
    edges.add(segment.index);
    edges.add(segment.index + segment.segment.length);
  }
  return edges;
}

const SHINGLE = 5;

/** Scripts written without spaces between words: the segmenter finds their words. */
const UNSPACED = /[\p{Script=Thai}\p{Script=Han}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** A normalised text's runs of five words: what copying from the case text, in any language, shares. */
export function shingles(text: string): Set<string> {
  const set = new Set<string>();
  // Word breaks of unspaced scripts follow the script's dictionary, whatever the locale.
  const words = UNSPACED.test(text)
    ? wordsOf(text, "en")
    : text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    set.add(words.slice(i, i + SHINGLE).join(" "));
  }
  return set;
}

/** The share of a clause's runs found in the case; a clause too short to tell copies nothing. */
function copiedShare(text: string, source: ReadonlySet<string>) {
  const own = shingles(text);
  if (own.size < 3) return 0;
  let copied = 0;
  for (const shingle of own) if (source.has(shingle)) copied++;
  return copied / own.size;
}

/** A clause whose letters are more than this share of terms reads as a list of them. */
const MAX_TERM_SHARE = 0.85;

/** A sentence has this share of function words at least; a string of nouns has fewer. */
const MIN_FUNCTION_SHARE = 0.12;

/**
 * Vietnamese is counted in syllables, most of its words two of them ("sản phẩm", "biên bản"): its
 * share of function words is about half what the same sentence has in words.
 */
const syllables = (language: GradingLanguage) => (language === "vi" ? 2 : 1);

/** A clause this share of the case's own wording is copied; a text, when half of it is. */
const COPIED_CLAUSE = 0.6;
const COPIED_TEXT = 0.5;

export interface Reading {
  language: GradingLanguage;
  clauses: Clause[];
  /** Most of the text's words sit in clauses that do not read as sentences. */
  listLike: boolean;
  /** Half or more of the text repeats the case's own wording. */
  copied: boolean;
}

/**
 * Reads a text. `cues` are the text's language's and English's (regulatory English is written in
 * every language); `terms` are the phrases the grader looks for, so a clause made mostly of them
 * reads as a list; `source` is the case's own wording as shingles (see `shingles`).
 */
export function read(
  text: string,
  language: GradingLanguage,
  cues: readonly LanguageCues[],
  terms: readonly string[],
  source: ReadonlySet<string>,
): Reading {
  const negation = cues.flatMap((cue) => cue.negation);
  const conditional = cues.flatMap((cue) => cue.conditional);
  const idioms = cues.flatMap((cue) => cue.idioms);
  const adjuncts = cues.flatMap((cue) => cue.adjuncts);
  const functionWords = cues.map((cue) => cue.functionWords);
  const joiners = new Set(cues.flatMap((cue) => [...cue.joiners]));
  const evaluate = (piece: { text: string; sentence: number }): Clause & { of: number } => {
    const { text: clause, sentence: of } = piece;
    const words = wordsOf(clause, language);
    const functions = words.filter((word) => isFunctionWord(functionWords, word)).length;
    const spans = termSpans(clause, terms);
    // Set phrases that hold a negation or a condition and deny or suppose nothing ("no later
    // than", "not only", "if any", "không rõ"): their cues are not cues.
    const set = termSpans(clause, idioms);
    const termChars = coveredChars(clause, spans);
    const letters = clause.replace(/[^\p{L}\p{N}\p{M}]/gu, "").length || 1;
    const distinct = new Set(words).size;
    // Tamil carries its function words as endings: a sentence there need not have a separate one.
    // The words the terms leave: a clause of terms joined by "and" and "the" says nothing of them
    // ("the mule and the PEP"); a word of its own that joins nothing does ("there are", "có").
    const own = wordsOf(outsideTerms(clause, spans), language).filter((word) => !joiners.has(word));
    // A short statement of one or two terms is a sentence however much of it they fill: Vietnamese
    // and Chinese function words are short ("có cơ sở để nghi ngờ gian lận nội bộ").
    const few = mergedCount(spans) <= 2 && own.some((word) => isFunctionWord(functionWords, word));
    const prose =
      words.length >= 3 &&
      own.length > 0 &&
      !joinedList(words, functionWords) &&
      (termChars / letters <= MAX_TERM_SHARE || few) &&
      distinct / words.length >= 0.5;
    const sentence =
      prose &&
      (language === "ta" ||
        (functions >= 1 && functions / words.length >= MIN_FUNCTION_SHARE / syllables(language)));
    return {
      text: clause,
      of,
      words,
      negations: negation
        .flatMap((cue) => cueSpans(clause, cue, [...spans, ...set], spans, negation, language))
        .filter((cue) => language !== "fr" || !restrictiveNe(clause, cue)),
      supposed: conditional.some((cue) => outside(clause, cue, set).length > 0),
      opensSupposition: conditional.some((cue) => outside(clause, cue, set)[0] === 0),
      sentence,
      fact: prose && !sentence && /\p{N}/u.test(clause),
      copied: copiedShare(clause, source) >= COPIED_CLAUSE,
      end: clauseEnd(clause, adjuncts),
    };
  };
  const clauses = clauseTexts(text, cues, language, terms).map(evaluate);
  // A phrase set before its sentence's first clause ("Within minutes, each batch left by
  // PromptPay", "En quelques minutes, chaque groupe repartait") belongs to that clause, and so do
  // a name and its apposition there ("Coastline Auto Brokers, a third party, paid…"): alone they
  // read as no sentence and what they name would be lost. Three fragments or more are a list and
  // stay apart.
  const fragment = (clause: Clause | undefined) => !!clause && !clause.sentence && !clause.fact;
  for (let i = 0; i + 1 < clauses.length; i++) {
    const first = clauses[i];
    if (!first || !fragment(first) || clauses[i - 1]?.of === first.of) continue;
    const run = fragment(clauses[i + 1]) && clauses[i + 1]?.of === first.of ? 2 : 1;
    const next = clauses[i + run];
    if (!next?.sentence || next.of !== first.of) continue;
    const text = clauses
      .slice(i, i + run + 1)
      .map((clause) => clause.text)
      .join(" ");
    clauses.splice(i, run + 1, evaluate({ text, sentence: first.of }));
  }
  // An apposition closing a sentence ("…to Orient Bay Resources, a new buyer incorporated in
  // 2025.") says more of the clause before it, and joins it.
  for (let i = 1; i < clauses.length; i++) {
    const [before, phrase, after] = [clauses[i - 1], clauses[i], clauses[i + 1]];
    if (!before?.sentence || !phrase || !fragment(phrase) || before.of !== phrase.of) continue;
    if (after?.of === phrase.of || !joiners.has(phrase.words[0] ?? "")) continue;
    clauses.splice(
      i - 1,
      2,
      evaluate({ text: `${before.text} ${phrase.text}`, sentence: before.of }),
    );
    i--;
  }
  // "If the invoices do not come, escalate": a supposition opening a sentence holds the clause
  // after it too.
  for (let i = 1; i < clauses.length; i++) {
    const [before, clause] = [clauses[i - 1], clauses[i]];
    if (before && clause && before.opensSupposition && before.of === clause.of) {
      clause.supposed = true;
    }
  }
  const total = clauses.reduce((sum, clause) => sum + clause.words.length, 0) || 1;
  const inSentences = clauses
    .filter((clause) => clause.sentence)
    .reduce((sum, clause) => sum + clause.words.length, 0);
  const copiedWords = clauses
    .filter((clause) => clause.copied)
    .reduce((sum, clause) => sum + clause.words.length, 0);
  return {
    language,
    clauses,
    listLike: inSentences / total < 0.5,
    copied: copiedWords / total >= COPIED_TEXT,
  };
}

/**
 * Terms strung together with joining words ("mule and PEP and EDD", "the mule and the PEP and the
 * EDD"): the clause's function words repeat one word, or a pair of words, three times running. A
 * sentence uses its commonest words among others ("the director of the company sent the money to
 * the payee" has "the" four times, not as a joint).
 */
export function joinedList(
  words: readonly string[],
  functionWords: readonly Set<string>[],
): boolean {
  const joints = words.filter((word) => isFunctionWord(functionWords, word));
  for (const period of [1, 2]) {
    let run = 0;
    for (let i = period; i < joints.length; i++) {
      run = joints[i] === joints[i - period] ? run + 1 : 0;
      // Three of a word is two repeats; three of a pair, four.
      if (run >= 2 * period) return true;
    }
  }
  return false;
}

type Span = readonly [start: number, end: number];

/** Where the terms occur in a clause. */
function termSpans(clause: string, terms: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (const term of terms) {
    for (const at of findTerm(clause, term)) spans.push([at, at + term.length]);
  }
  return spans;
}

/** How many stretches of a clause its terms cover (overlapping terms are one). */
function mergedCount(spans: readonly Span[]): number {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let count = 0;
  let end = -1;
  for (const [start, stop] of sorted) {
    if (start >= end) count++;
    end = Math.max(end, stop);
  }
  return count;
}

/** Which characters of a clause its terms cover. */
function coverage(clause: string, spans: readonly Span[]): Uint8Array {
  const covered = new Uint8Array(clause.length);
  for (const [start, end] of spans) covered.fill(1, start, end);
  return covered;
}

/** A clause with its terms blanked out. */
function outsideTerms(clause: string, spans: readonly Span[]): string {
  const covered = coverage(clause, spans);
  let outside = "";
  for (let i = 0; i < clause.length; i++) outside += covered[i] ? " " : clause[i];
  return outside;
}

/** How many letters of a clause the terms cover. */
function coveredChars(clause: string, spans: readonly Span[]): number {
  const covered = coverage(clause, spans);
  let count = 0;
  for (let i = 0; i < clause.length; i++) {
    if (covered[i] && isLetter(clause[i])) count++;
  }
  return count;
}

/** Where a cue occurs in a clause outside every term ("not consultancy" is a signal, not a denial). */
function cueSpans(
  clause: string,
  cue: string,
  excluded: readonly Span[],
  spans: readonly Span[],
  negation: readonly string[],
  language: GradingLanguage,
) {
  return outside(clause, cue, excluded)
    .filter((at) => !closedByTerm(clause, at + cue.length, spans, negation, language))
    .map((at) => ({ start: at, end: at + cue.length }));
}

/**
 * French "ne" denies only with a partner after it ("ne … pas", "n'… plus", "ne … jamais"); alone
 * it restricts ("il ne reste qu'à transmettre une DOD": there is only the DOD left to file).
 */
const FRENCH_PARTNERS =
  /^(?:pas|plus|jamais|rien|aucun|aucune|personne|ni|guère|nullement|aucunement|point)$/u;

function restrictiveNe(clause: string, cue: { start: number; end: number }): boolean {
  const word = clause.slice(cue.start, cue.end);
  if (word !== "ne" && word !== "n'") return false;
  return !wordsOf(clause.slice(cue.end), "fr").some((next) => FRENCH_PARTNERS.test(next));
}

/** Where a cue stands in a clause, save inside the spans given (terms, set phrases). */
function outside(clause: string, cue: string, excluded: readonly Span[]): number[] {
  return findTerm(clause, cue).filter(
    (at) => !excluded.some(([start, end]) => at >= start && at + cue.length <= end),
  );
}

/**
 * A cue whose negation a term just after it completes: French brackets its negations ("n'est
 * partie à aucun contrat", "ne … jamais livrés"), and the term names the negative fact itself ("not
 * a party", "never delivered"). One word at most may stand between them ("n'est").
 */
function closedByTerm(
  clause: string,
  cueEnd: number,
  spans: readonly Span[],
  negation: readonly string[],
  language: GradingLanguage,
) {
  return spans.some(
    ([start, end]) =>
      start >= cueEnd &&
      wordsOf(clause.slice(cueEnd, start), language).length <= 1 &&
      negation.some((cue) => findTerm(clause.slice(start, end), cue).length > 0),
  );
}

/**
 * A term at `start`–`end` of a clause is denied by a cue before it ("no need to escalate", "ไม่ต้อง
 * รายงาน"), or by one after it that ends the clause ("an STR is not needed", Tamil's verb-final
 * "தேவையில்லை"): a cue with more to say after it ("escalate without waiting for the invoices",
 * "a third party named on no application") denies what follows it, not the term before it.
 */
function deniedAt(clause: Clause, start: number, end: number, language: GradingLanguage) {
  return clause.negations.some((cue) => {
    if (cue.start < start) return true;
    if (cue.start < end) return false;
    // Nothing after the cue (Tamil: a particle at most): "no application" denies the application,
    // and so does "an STR is not justified at this stage".
    const after = clause.text.slice(cue.end, Math.max(cue.end, clause.end));
    return wordsOf(after, language).length <= (language === "ta" ? 1 : 0);
  });
}

/** A clause's end, before a phrase of time or degree that closes it ("at this stage", "yet"). */
function clauseEnd(clause: string, adjuncts: readonly string[]): number {
  for (const adjunct of adjuncts) {
    if (clause.endsWith(adjunct) && !isLetter(clause[clause.length - adjunct.length - 1])) {
      return clause.length - adjunct.length;
    }
  }
  return clause.length;
}

/**
 * Clauses that give credit: stated (not supposed), in sentences, the learner's own; with `facts`,
 * notes of the case's facts too, in a text that reads as sentences. A fact is restated in the
 * case's words as often as not ("il a reçu 212 recharges en espèces"): with `facts`, a clause
 * like the case's counts unless the text as a whole is a copy.
 */
export function ownClauses(reading: Reading, facts = false): Clause[] {
  return reading.clauses.filter(
    (clause) =>
      !clause.supposed &&
      !(clause.copied && (!facts || reading.copied)) &&
      (clause.sentence || (facts && clause.fact && !reading.listLike)),
  );
}

/**
 * How the text treats some terms in own sentences (with `facts`, in notes of facts too): asserted
 * (an occurrence not denied), denied, or not at all.
 */
export function stance(
  reading: Reading,
  terms: readonly string[],
  facts = false,
): "asserted" | "denied" | null {
  let denied = false;
  for (const clause of ownClauses(reading, facts)) {
    for (const term of terms) {
      for (const at of findTerm(clause.text, term)) {
        if (!deniedAt(clause, at, at + term.length, reading.language)) return "asserted";
        denied = true;
      }
    }
  }
  return denied ? "denied" : null;
}

/**
 * The stance on each of several groups of terms that compete (the decisions), in any stated clause
 * (a decision is stated in two words): where phrases of two groups overlap ("rien à déclarer à
 * l'AMLO"), the phrase that starts first governs.
 */
export function stances<K>(
  reading: Reading,
  groups: ReadonlyMap<K, readonly string[]>,
): Map<K, "asserted" | "denied" | null> {
  const result = new Map<K, "asserted" | "denied" | null>([...groups.keys()].map((k) => [k, null]));
  for (const clause of reading.clauses) {
    if (clause.supposed) continue;
    const found = [...groups].flatMap(([group, terms]) =>
      terms.flatMap((term) =>
        findTerm(clause.text, term).map((start) => ({ group, start, end: start + term.length })),
      ),
    );
    for (const one of found) {
      const governed = found.some(
        (other) =>
          other.group !== one.group &&
          other.start < one.end &&
          one.start < other.end &&
          (other.start < one.start || (other.start === one.start && other.end > one.end)),
      );
      if (governed) continue;
      const denied = deniedAt(clause, one.start, one.end, reading.language);
      if (!denied) result.set(one.group, "asserted");
      else if (result.get(one.group) === null) result.set(one.group, "denied");
    }
  }
  return result;
}
