import MiniSearch, { type SearchOptions, type SearchResult } from "minisearch";
import { type KbPassage, type KnowledgeBase, getKnowledgeBase } from "./knowledge-base.server";
import type { KbLanguage, KbTopic } from "./knowledge-schema.server";
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

interface Retriever {
  index: MiniSearch<Doc>;
  kb: KnowledgeBase;
}

let retriever: Retriever | undefined;

function getRetriever(): Retriever {
  if (!retriever) {
    const kb = getKnowledgeBase();
    retriever = { kb, index: buildIndex(kb.passages) };
  }
  return retriever;
}

/**
 * The share of a question's own words the knowledge base knows (a word it has, or one of its
 * synonyms). Numbers are left out: "10k" or "2023" says little about the topic.
 */
function coverage(index: MiniSearch<Doc>, own: string[], language: KbLanguage): number {
  const counted = own.filter((term) => !/\d/.test(term));
  if (counted.length === 0) return own.length > 0 ? 1 : 0;
  const known = counted.filter((term) => {
    if (index.search(term, { filter: (hit) => hit.language === language }).length > 0) return true;
    const { synonyms } = expandQuestion(term);
    return synonyms.length > 0;
  });
  return known.length / counted.length;
}

/** The passages matching some words or their synonyms, best first, among those `keep` accepts. */
function hitsFor(
  { index, kb }: Retriever,
  { own, synonyms }: { own: string[]; synonyms: string[] },
  keep: (hit: SearchResult) => boolean,
): Retrieved[] {
  if (own.length === 0) return [];
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

function search(
  current: Retriever,
  question: string,
  language: KbLanguage,
): { hits: Retrieved[]; coverage: number } {
  const words = expandQuestion(question);
  if (words.own.length === 0) return { hits: [], coverage: 0 };
  const hits = hitsFor(current, words, (hit) => hit.language === language);
  return { hits, coverage: coverage(current.index, words.own, language) };
}

/**
 * The passages that answer a question, in the reader's language where the knowledge base has it:
 * a question asked in Thai is searched among Thai passages first, then among English ones, and an
 * English passage is swapped for its translation when there is one.
 */
export function retrieve(question: string, language: KbLanguage = "en"): Retrieval {
  const current = getRetriever();
  const languages: KbLanguage[] = language === "en" ? ["en"] : [language, "en"];
  let best = { hits: [] as Retrieved[], coverage: 0 };
  for (const candidate of languages) {
    const found = search(current, question, candidate);
    const top = found.hits[0]?.score ?? 0;
    const least = candidate === "en" ? MIN_COVERAGE.english : MIN_COVERAGE.other;
    if (top >= MIN_SCORE && found.coverage >= least) {
      const passages = found.hits
        .filter((hit) => hit.score >= top * RELATIVE_CUT)
        .slice(0, MAX_PASSAGES)
        .map((hit) => inLanguage(current.kb, hit, language));
      return { passages, closestTopics: [], score: top, coverage: found.coverage };
    }
    if (top > (best.hits[0]?.score ?? 0)) best = found;
  }
  const closestTopics = [...new Set(best.hits.map((hit) => hit.passage.topic))].slice(0, 3);
  return {
    passages: [],
    closestTopics,
    score: best.hits[0]?.score ?? 0,
    coverage: best.coverage,
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
  const found = hitsFor(
    current,
    expandQuestion(text),
    (hit) => hit.language === "en" && wanted.has(String(hit.topic)),
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
