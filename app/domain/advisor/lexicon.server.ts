import lexiconData from "../../../content/knowledge-base/lexicon.json";
import {
  type Jurisdiction,
  type KbLanguage,
  type Lexicon,
  LexiconSchema,
  type QuestionType,
} from "./knowledge-schema.server";

// How a question is understood in any of the seven languages (content/knowledge-base/lexicon.json):
// the places it names, what it asks for (a deadline, a threshold…), whether it only follows up the
// question before it, and the concepts of the field it uses. Concepts are what a Thai question and
// an English passage have in common, so they carry retrieval across languages.
//
// Terms are found in one pass over the text (an index by each term's first two characters), not by
// thousands of regular expressions: a passage is read in well under a millisecond.

/** Text as terms are matched against it: compatibility forms folded, lower case, single spaces. */
export const folded = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ");

/** Letters of scripts written with spaces, and digits: what a word boundary is between. */
const WORD_CHAR = /[\p{Script=Latin}\p{Script=Tamil}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);
const TAMIL = /\p{Script=Tamil}/u;

interface Term<Id> {
  id: Id;
  literal: string;
  /** Must not follow a letter or digit (a Latin or Tamil term). */
  startsWord: boolean;
  /** Must not be followed by one (a Latin term without a trailing `*`). */
  endsWord: boolean;
  /** Only at the start of the text (a follow-up's opening, in a language written with spaces). */
  anchored: boolean;
}

const KEY = 2;

/** Terms of many ids, found in a text in one pass. */
class TermIndex<Id> {
  private readonly byKey = new Map<string, Term<Id>[]>();

  add(id: Id, raw: string, language: KbLanguage, anchored = false) {
    const open = raw.endsWith("*");
    const literal = folded(open ? raw.slice(0, -1) : raw).trim();
    if (!literal) return;
    // Boundaries go by the term's own script: "NIST" in a Thai list is still a whole word, and
    // must not be found in "ministre"; a Tamil word takes endings, Thai and Chinese have no spaces.
    const last = literal.at(-1);
    const term: Term<Id> = {
      id,
      literal,
      startsWord: isWordChar(literal[0]),
      endsWord: isWordChar(last) && !TAMIL.test(last ?? "") && !open,
      anchored: anchored && language !== "th" && language !== "zh" && language !== "ta",
    };
    const key = literal.slice(0, KEY);
    const list = this.byKey.get(key) ?? [];
    list.push(term);
    this.byKey.set(key, list);
  }

  /** Each id found, with where it is first found. */
  find(text: string): Map<Id, number> {
    const found = new Map<Id, number>();
    const start = text.length - text.trimStart().length;
    for (let at = 0; at < text.length; at += 1) {
      for (const length of [KEY, 1]) {
        const candidates = this.byKey.get(text.slice(at, at + length));
        if (!candidates) continue;
        for (const term of candidates) {
          if (found.has(term.id) || term.literal.length < KEY !== (length === 1)) continue;
          if (term.anchored && at !== start) continue;
          if (!text.startsWith(term.literal, at)) continue;
          if (term.startsWord && isWordChar(text[at - 1])) continue;
          if (term.endsWord && isWordChar(text[at + term.literal.length])) continue;
          found.set(term.id, at);
        }
      }
    }
    return found;
  }
}

type Cues = Partial<Record<KbLanguage, string[]>>;

function indexOf<Id>(entries: [Id, Cues | undefined][], anchored = false): TermIndex<Id> {
  const index = new TermIndex<Id>();
  for (const [id, cues] of entries)
    for (const [language, terms] of Object.entries(cues ?? {}))
      for (const term of terms) index.add(id, term, language as KbLanguage, anchored);
  return index;
}

interface Compiled {
  places: TermIndex<Jurisdiction>;
  otherPlaces: TermIndex<"other">;
  asks: TermIndex<QuestionType>;
  states: Map<QuestionType, TermIndex<QuestionType>>;
  followUp: TermIndex<"follow-up">;
  concepts: TermIndex<string>;
}

let compiled: Compiled | undefined;

function getCompiled(): Compiled {
  if (compiled) return compiled;
  const lexicon: Lexicon = LexiconSchema.parse(lexiconData);
  const types = Object.entries(lexicon.questionTypes) as [
    QuestionType,
    Lexicon["questionTypes"][QuestionType],
  ][];
  compiled = {
    places: indexOf(Object.entries(lexicon.jurisdictions) as [Jurisdiction, Cues][]),
    otherPlaces: indexOf([["other", lexicon.otherPlaces]]),
    asks: indexOf(types.map(([type, cues]) => [type, cues.question])),
    states: new Map(types.map(([type, cues]) => [type, indexOf([[type, cues.answer]])])),
    followUp: indexOf([["follow-up", lexicon.followUps]], true),
    concepts: indexOf(lexicon.concepts.map(({ id, terms }) => [id, terms])),
  };
  return compiled;
}

/** The places a text names, in the order it first names them. */
export function placesIn(text: string): Jurisdiction[] {
  return [...getCompiled().places.find(folded(text))]
    .sort((a, b) => a[1] - b[1])
    .map(([place]) => place);
}

/** Whether a text names a place the sources do not cover. */
export function namesOtherPlace(text: string): boolean {
  return getCompiled().otherPlaces.find(folded(text)).size > 0;
}

/** What a question asks for. */
export function questionTypesOf(question: string): QuestionType[] {
  return [...getCompiled().asks.find(folded(question)).keys()];
}

/** Whether a sentence states the kind of fact a question type asks for. */
export function statesType(sentence: string, type: QuestionType): boolean {
  return (getCompiled().states.get(type)?.find(folded(sentence)).size ?? 0) > 0;
}

/** Whether a question opens as an explicit follow-up ("and in Malaysia?"). */
export function opensFollowUp(question: string): boolean {
  return getCompiled().followUp.find(folded(question)).size > 0;
}

/**
 * The concepts a text uses. In Vietnamese, "ai" in lower case is "who", not AI (which Vietnamese
 * writes in capitals), so it is not read as a concept there.
 */
export function conceptsIn(text: string, language?: KbLanguage): Set<string> {
  return new Set(conceptsAt(text, language).keys());
}

/** The concepts a text uses, each with where it first appears (in the folded text). */
export function conceptsAt(text: string, language?: KbLanguage): Map<string, number> {
  const plain = folded(language === "vi" ? text.replace(/(?<!\p{L})ai(?!\p{L})/gu, " ") : text);
  return getCompiled().concepts.find(plain);
}

/**
 * Regulators name where a question applies, which retrieval has already used; in choosing
 * sentences they count only when the question asks who.
 */
export const REGULATORS = new Set([
  "fintrac",
  "monetary-authority-of-singapore",
  "bank-negara-malaysia",
  "amlo",
  "ppatk",
  "amlc",
  "state-bank-of-vietnam",
  "singapore-police-force",
]);
