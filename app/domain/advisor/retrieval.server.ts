import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { type KbPassage, type KnowledgeBase, getKnowledgeBase } from "./knowledge-base.server";
import {
  type Jurisdiction,
  KB_LANGUAGES,
  type KbLanguage,
  type KbTopic,
} from "./knowledge-schema.server";
import { conceptsIn } from "./lexicon.server";
import { type Understanding, understand } from "./understand.server";
import { SYNONYM_GROUPS } from "./synonyms";

// Finding the passages that answer a question: BM25 over title, keywords and text (MiniSearch),
// with fuzzy and prefix matching and the field's synonyms. A question is answered only when its
// best passage scores above a threshold and the knowledge base knows most of the question's words;
// otherwise the advisor says it cannot answer from its sources (docs/decisions/025).

/** How many passages an answer draws on at most. */
export const MAX_PASSAGES = 3;
/** The least BM25 score of the best passage for the question to count as answerable. */
export const MIN_SCORE = 100;
/**
 * The least share of a question's words the knowledge base must know. English questions lose their
 * small words first (STOP_WORDS); in other languages those stay in, so less of a question is known.
 */
export const MIN_COVERAGE = { english: 0.8, other: 0.5 };
/** Passages after the first must score at least this share of the first. */
const RELATIVE_CUT = 0.4;
/** A passage for the place a question names counts this much more; one for another place, less. */
const PLACE_MATCH = 2;
const PLACE_MISMATCH = 0.35;
/** A passage missing one of the question's concepts that another passage covers counts less. */
const PARTIAL_COVER = 0.5;

const STOP_WORDS = new Set(
  (
    "a an the is are was were be been being am do does did doing have has had having i me my we our " +
    "us you your yours he she it its they them their what which who whom whose this that these those " +
    "of for to in on at by with from into about as than then so and or but if not no nor too very can " +
    "could should would will shall may might must need needs there here when where why how all any " +
    "some each every other such only own same just also r u pls please tell explain give know want " +
    "get got whats what's is there hi hello hey thanks thank ok okay question quick wondering " +
    "wonder like say said"
  ).split(" "),
);

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/** Words of a text, in any script (Thai and Chinese have no spaces between words). */
export function words(text: string): string[] {
  const found: string[] = [];
  for (const segment of segmenter.segment(text.normalize("NFKC"))) {
    if (segment.isWordLike) found.push(segment.segment);
  }
  return found;
}

/** A word's plain form: lower case, no possessive, no plain plural. */
const plain = (word: string) => {
  const lower = word.toLowerCase().replace(/['’]s$/, "");
  return /^[a-z]{4,}s$/.test(lower) && !lower.endsWith("ss") ? lower.slice(0, -1) : lower;
};

/** The form a word is indexed and searched by; none for a word that says nothing of the topic. */
export function normalise(word: string): string | null {
  const form = plain(word);
  return STOP_WORDS.has(form) ? null : form;
}

export const terms = (text: string) => words(text).flatMap((word) => normalise(word) ?? []);

interface Doc {
  id: string;
  language: KbLanguage;
  topic: KbTopic;
  title: string;
  keywords: string;
  text: string;
}

/** Queries of more words than this are matched word for word (no fuzzy or prefix matches). */
const FUZZY_TERMS = 24;

const SEARCH: SearchOptions = {
  boost: { title: 3, keywords: 2, text: 1 },
  // Misspellings of longer words (recieve), and word starts (escalat…) count, at a lower weight.
  // Fuzzy matching costs most: a long text (a skill's notes) is searched by its words as written.
  fuzzy: (term, _index, all) => (term.length >= 5 && all.length <= FUZZY_TERMS ? 0.2 : false),
  prefix: (term, _index, all) => term.length >= 4 && all.length <= FUZZY_TERMS,
  combineWith: "OR",
};

function buildIndex(passages: KbPassage[]): MiniSearch<Doc> {
  const index = new MiniSearch<Doc>({
    fields: ["title", "keywords", "text"],
    storeFields: ["language", "topic"],
    tokenize: words,
    processTerm: normalise,
    searchOptions: SEARCH,
  });
  index.addAll(
    passages.map((passage) => ({
      id: passage.id,
      language: passage.language,
      topic: passage.topic,
      title: passage.title,
      keywords: passage.keywords.join(" "),
      text: passage.paragraphs.join(" "),
    })),
  );
  return index;
}

// Phrases are matched word for word, small words included ("know your customer").
const phraseWords = (text: string) => words(text).map(plain);
const phrases = SYNONYM_GROUPS.map((group) => group.map(phraseWords));

const containsPhrase = (haystack: string[], phrase: string[]) =>
  phrase.length > 0 &&
  haystack.some((_, start) => phrase.every((term, offset) => haystack[start + offset] === term));

/** The question's terms, and the synonyms of every phrase it uses. */
export function expandQuestion(question: string): { own: string[]; synonyms: string[] } {
  const own = terms(question);
  const asked = phraseWords(question);
  const synonyms = new Set<string>();
  for (const group of phrases) {
    if (!group.some((phrase) => containsPhrase(asked, phrase))) continue;
    for (const phrase of group)
      for (const word of phrase) if (!STOP_WORDS.has(word)) synonyms.add(word);
  }
  for (const term of own) synonyms.delete(term);
  return { own, synonyms: [...synonyms] };
}

export interface Retrieved {
  passage: KbPassage;
  score: number;
}

export interface Retrieval {
  /** The passages that answer, best first; empty when the question is outside the sources. */
  passages: Retrieved[];
  /** The topics nearest the question, best first, for a refusal to suggest. */
  closestTopics: KbTopic[];
  /** Why the best passage was not enough, for the evaluation's report. */
  score: number;
  coverage: number;
}

/** What retrieval knows of a passage beyond its text: its concepts and where it applies. */
export interface Annotation {
  concepts: Set<string>;
  jurisdiction: Jurisdiction;
}

interface Retriever {
  /**
   * One index per language, so a language's word statistics are its own passages' alone; each is
   * built when first needed (or ahead of time by prepareRetrieval).
   */
  indexes: Map<KbLanguage, MiniSearch<Doc>>;
  kb: KnowledgeBase;
  /** By English passage id (a translation's concepts are added to its original's). */
  annotations: Map<string, Annotation>;
  /** How telling each concept is: in few passages, high. */
  conceptWeight: Map<string, number>;
}

const TOPIC_PLACES: Record<KbTopic, Jurisdiction> = {
  "mas-626": "sg",
  fintrac: "ca",
  "bnm-amla": "my",
  amlo: "th",
  "ppatk-amlc-sbv": "global",
  "kyc-escalation": "global",
  "ghg-scopes": "global",
  issb: "global",
  "singapore-climate": "sg",
  "nist-ai-rmf": "global",
  "eu-ai-act": "eu",
  "iso-iec-23894": "global",
  "mas-feat": "sg",
  "ai-bias": "global",
  "pep-cdd": "global",
  "payments-sanctions": "global",
  "aml-typologies": "global",
  "records-escalation": "global",
};

/** Where a passage's rules apply: its own statement, else its topic's place. */
const placeOf = (passage: KbPassage): Jurisdiction =>
  passage.jurisdiction ?? TOPIC_PLACES[passage.topic];

let retriever: Retriever | undefined;

function getRetriever(): Retriever {
  if (retriever) return retriever;
  const kb = getKnowledgeBase();
  const annotations = new Map<string, Annotation>();
  const english = kb.passages.filter((passage) => passage.language === "en");
  for (const passage of english) {
    const text = [passage.title, ...passage.keywords, ...passage.paragraphs].join(" \n ");
    annotations.set(passage.id, { concepts: conceptsIn(text), jurisdiction: placeOf(passage) });
  }
  for (const passage of kb.passages) {
    const own = passage.translationOf ? annotations.get(passage.translationOf) : undefined;
    if (!own) continue;
    // A translation's title and keywords hold the words its readers ask with; its paragraphs say
    // what the original says (the evaluation's figures are the same with them or without).
    const text = [passage.title, ...passage.keywords].join(" \n ");
    for (const concept of conceptsIn(text)) own.concepts.add(concept);
  }
  const counts = new Map<string, number>();
  for (const { concepts } of annotations.values())
    for (const concept of concepts) counts.set(concept, (counts.get(concept) ?? 0) + 1);
  const conceptWeight = new Map(
    [...counts].map(([concept, count]) => [concept, Math.log(1 + english.length / (1 + count))]),
  );
  retriever = { kb, indexes: new Map(), annotations, conceptWeight };
  return retriever;
}

/** A language's index, built on first use. */
function indexFor({ kb, indexes }: Retriever, language: KbLanguage): MiniSearch<Doc> {
  let index = indexes.get(language);
  if (!index) {
    index = buildIndex(kb.passages.filter((passage) => passage.language === language));
    indexes.set(language, index);
  }
  return index;
}

/**
 * Builds the search ahead of the first question, a language at a time between other work: the
 * seven indexes take about a second, which the first asker would otherwise wait for.
 */
export async function prepareRetrieval(): Promise<void> {
  const current = getRetriever();
  for (const language of KB_LANGUAGES) {
    await new Promise((resolve) => setImmediate(resolve));
    indexFor(current, language);
  }
}

/** A passage's concepts and place (a translation's are its original's). */
export function annotationOf(passage: KbPassage): Annotation {
  const { annotations } = getRetriever();
  return (
    annotations.get(passage.translationOf ?? passage.id) ?? {
      concepts: new Set(),
      jurisdiction: placeOf(passage),
    }
  );
}

/** How telling a concept is (0 for one no passage uses). */
export function conceptWeightOf(concept: string): number {
  return getRetriever().conceptWeight.get(concept) ?? 0;
}

/**
 * The share of a question's own words the knowledge base knows (a word it has, or one of its
 * synonyms). Numbers are left out: "10k" or "2023" says little about the topic.
 */
function coverage(index: MiniSearch<Doc>, own: string[]): number {
  const counted = own.filter((term) => !/\d/.test(term));
  if (counted.length === 0) return own.length > 0 ? 1 : 0;
  const known = counted.filter((term) => {
    if (index.search(term).length > 0) return true;
    const { synonyms } = expandQuestion(term);
    return synonyms.length > 0;
  });
  return known.length / counted.length;
}

/** A language's passages matching some words or their synonyms, best first, among those kept. */
function hitsFor(
  current: Retriever,
  language: KbLanguage,
  { own, synonyms }: { own: string[]; synonyms: string[] },
  keep: (hit: SearchResult) => boolean = () => true,
): Retrieved[] {
  if (own.length === 0) return [];
  const { kb } = current;
  const index = indexFor(current, language);
  const queries = [own.join(" "), ...(synonyms.length ? [synonyms.join(" ")] : [])];
  return index.search({ combineWith: "OR", queries }, { filter: keep }).flatMap((result) => {
    const passage = kb.byId.get(String(result.id));
    return passage ? [{ passage, score: result.score }] : [];
  });
}

/** A retrieved passage in the reader's language, when the knowledge base has its translation. */
const inLanguage = (kb: KnowledgeBase, hit: Retrieved, language: KbLanguage): Retrieved => ({
  ...hit,
  passage: kb.translations.get(hit.passage.id)?.get(language) ?? hit.passage,
});

/** How much a passage's place counts for a question naming `places`. */
function placeFactor(place: Jurisdiction, places: readonly Jurisdiction[]): number {
  if (places.length === 0 || place === "global") return 1;
  return places.includes(place) ? PLACE_MATCH : PLACE_MISMATCH;
}

/**
 * The passages that answer a question, in the reader's language where the knowledge base has it.
 * Each English passage is scored by the question's words (BM25 over the passage and over its
 * translation in the reader's language) and by the concepts they share, which carry a question
 * in any language to a passage in any other; a passage for another place than the one asked about
 * counts for less. A question is answered when it shares a concept with the best passage, or its
 * words match well and the knowledge base knows most of them; a question about a place the sources
 * do not cover is not answered.
 */
export function retrieve(
  question: string,
  language: KbLanguage = "en",
  understood: Understanding = understand(question, [], language),
): Retrieval {
  const current = getRetriever();
  const { kb } = current;
  const nothing = { passages: [], closestTopics: [], score: 0, coverage: 0 };
  if (understood.otherPlace && understood.places.length === 0) return nothing;
  const languages: KbLanguage[] = language === "en" ? ["en"] : [language, "en"];
  const words = expandQuestion(understood.text);
  const lexical = new Map<string, number>();
  let known = 0;
  for (const candidate of languages) {
    // A follow-up is found by its concepts and place: the words of the question it follows name
    // the first place's own reports, and would find them again.
    if (words.own.length === 0 || understood.followUp) break;
    for (const hit of hitsFor(current, candidate, words)) {
      const id = hit.passage.translationOf ?? hit.passage.id;
      lexical.set(id, Math.max(lexical.get(id) ?? 0, hit.score));
    }
    const least = candidate === "en" ? MIN_COVERAGE.english : MIN_COVERAGE.other;
    known = Math.max(known, coverage(indexFor(current, candidate), words.own) / least);
  }
  const scored = [...current.annotations].flatMap(([id, annotation]) => {
    const passage = kb.byId.get(id);
    if (!passage) return [];
    const shared = [...understood.concepts].filter((concept) => annotation.concepts.has(concept));
    const conceptScore = shared.reduce((sum, concept) => sum + conceptWeightOf(concept), 0);
    const words = lexical.get(id) ?? 0;
    const base = words / MIN_SCORE + conceptScore;
    return base > 0 ? [{ passage, base, conceptScore, words, topical: shared.length }] : [];
  });
  // The place asked about decides between passages that cover the question's concepts as fully;
  // it does not lift a passage that misses one (Singapore has no 24-hour rule in the sources, so
  // "does Singapore have a 24-hour rule" is answered with Canada's, said to be Canada's).
  const fullest = Math.max(0, ...scored.map((hit) => hit.conceptScore));
  const ranked = scored
    .map((hit) => ({
      ...hit,
      score:
        hit.base *
        // A follow-up asks the same for another place, in words that may be the first place's own.
        (hit.conceptScore < fullest && !understood.followUp ? PARTIAL_COVER : 1) *
        placeFactor(annotationOf(hit.passage).jurisdiction, understood.places),
    }))
    .sort((a, b) => b.score - a.score);
  // A question that uses concepts of the field is answered from passages that share them.
  const sharing = ranked.filter((hit) => hit.topical > 0);
  if (sharing.length > 0) ranked.splice(0, ranked.length, ...sharing);
  const best = ranked[0];
  // A question is answered when its best passage shares what it is about; one that also asks about
  // something no passage covers (a data-protection fine, in a question that shares only "fine")
  // needs more in common than that.
  const unknown = [...understood.concepts].filter((concept) => conceptWeightOf(concept) === 0);
  const needed = unknown.length > 0 ? 2 : 1;
  const answerable =
    best !== undefined &&
    (best.topical >= needed ||
      (language === "en" && unknown.length === 0 && best.words >= MIN_SCORE && known >= 1));
  if (!best || !answerable) {
    return {
      passages: [],
      closestTopics: [...new Set(ranked.map((hit) => hit.passage.topic))].slice(0, 3),
      score: best?.score ?? 0,
      coverage: known,
    };
  }
  const chosen = ranked
    .filter((hit) => hit.score >= best.score * RELATIVE_CUT)
    .slice(0, MAX_PASSAGES);
  // A question naming two places gets the best passage of each.
  for (const place of understood.places) {
    if (chosen.some((hit) => annotationOf(hit.passage).jurisdiction === place)) continue;
    const own = ranked.find(
      (hit) => hit.topical > 0 && annotationOf(hit.passage).jurisdiction === place,
    );
    if (own) chosen.push(own);
  }
  return {
    passages: chosen.map((hit) =>
      inLanguage(kb, { passage: hit.passage, score: hit.score }, language),
    ),
    closestTopics: [],
    score: best.score,
    coverage: known,
  };
}

/**
 * The passages of some topics that best match a text, with no relevance threshold: the topics
 * already say what is relevant (a skill's draft). With nothing in the text to match, the topics'
 * first passages stand in.
 */
export function retrieveInTopics(
  text: string,
  topics: readonly KbTopic[],
  language: KbLanguage = "en",
  max = MAX_PASSAGES,
): Retrieved[] {
  const current = getRetriever();
  const { kb } = current;
  const wanted = new Set<string>(topics);
  const found = hitsFor(current, "en", expandQuestion(text), (hit) =>
    wanted.has(String(hit.topic)),
  );
  const standIns = topics.flatMap((topic) =>
    kb.passages
      .filter((passage) => passage.language === "en" && passage.topic === topic)
      .slice(0, 1)
      .map((passage) => ({ passage, score: 0.001 })),
  );
  const chosen = [
    ...found,
    ...standIns.filter((s) => !found.some((f) => f.passage.id === s.passage.id)),
  ].slice(0, max);
  return chosen.map((hit) => inLanguage(kb, hit, language));
}
