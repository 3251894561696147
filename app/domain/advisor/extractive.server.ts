import { type KbPassage, getKnowledgeBase } from "./knowledge-base.server";
import {
  FACT_TYPES,
  type Jurisdiction,
  type KbLanguage,
  type QuestionType,
} from "./knowledge-schema.server";
import { REGULATORS, conceptsAt, placesIn, statesType } from "./lexicon.server";
import { type Understanding, understand } from "./understand.server";
import type { AdvisorNote, AdvisorSource } from "./messages";
import {
  type Retrieved,
  annotationOf,
  conceptWeightOf,
  expandQuestion,
  terms,
} from "./retrieval.server";

// The answer without a language model: the sentences of the retrieved passages that say most about
// the question, in the passages' order, each followed by the marker of the passage it comes from;
// then the sources, only those quoted. Nothing is written that a passage does not say.

/** Sentences quoted at most, and the least share of the best sentence's score another needs. */
export const MAX_SENTENCES = 4;
const SENTENCE_CUT = 0.2;
const SYNONYM_WEIGHT = 0.5;
/** A concept the sentence shares with the question counts this much more than a shared word. */
const CONCEPT_WEIGHT = 2;
/** A sentence that states the kind of fact asked for (a deadline, a threshold…) ranks this much higher. */
const TYPE_BOOST = 1.8;
/** A sentence that opens (within this many characters) with what a "what is" question asks about… */
const OPENING = 24;
/** …counts this much more. */
const SUBJECT_BOOST = 1.5;
/** How much a sentence naming the place asked about, or only other places, counts. */
const PLACE_NAMED = 1.5;
const PLACE_OTHER = 0.35;
const SPECIFIC_TYPES = new Set<QuestionType>(FACT_TYPES);

export interface ComposedAnswer {
  text: string;
  /** The quoted sentences, each with its marker: what the answer streams, one at a time. */
  sentences: string[];
  sources: AdvisorSource[];
  notes: AdvisorNote[];
  /** The place asked about, when no quoted passage covers it, and the place they do cover. */
  mismatch?: { asked: Jurisdiction; answered: Jurisdiction };
}

/**
 * The sources of an answer in the order it first quotes them: the marker `[n]` of a passage, and
 * the list of exactly the passages quoted. Quoted answers and a model's checked citations share it.
 */
export function sourceList() {
  const sources: AdvisorSource[] = [];
  const markerOf = (passage: KbPassage): number => {
    let source = sources.find((s) => s.id === passage.id);
    if (!source) {
      source = {
        n: sources.length + 1,
        id: passage.id,
        title: passage.title,
        citations: passage.citations.map(({ section, url }) => ({ section, url })),
      };
      sources.push(source);
    }
    return source.n;
  };
  return { sources, markerOf };
}

let idf: Map<string, number> | undefined;

/** How telling each word is: rare across the passages, high; in every passage, near zero. */
function inverseFrequency(): Map<string, number> {
  if (idf) return idf;
  const { passages } = getKnowledgeBase();
  const counts = new Map<string, number>();
  for (const passage of passages) {
    const seen = new Set(terms([passage.title, ...passage.paragraphs].join(" ")));
    for (const term of seen) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  idf = new Map(
    [...counts].map(([term, count]) => [term, Math.log(1 + passages.length / (1 + count))]),
  );
  return idf;
}

const matches = (word: string, term: string) =>
  word === term || (term.length >= 4 && word.startsWith(term));

// A sentence's words, worked out once: answers quote the same passages again and again.
const sentenceTerms = new Map<string, string[]>();

/** The question's terms a sentence uses. */
function termsUsed(sentence: string, weighted: [string, number][]): string[] {
  let own = sentenceTerms.get(sentence);
  if (!own) {
    own = terms(sentence);
    sentenceTerms.set(sentence, own);
  }
  const words = own;
  return weighted.flatMap(([term]) => (words.some((word) => matches(word, term)) ? [term] : []));
}

/** The places a sentence names, worked out once. */
const sentencePlaces = new Map<string, Jurisdiction[]>();
function placesOf(sentence: string): Jurisdiction[] {
  let found = sentencePlaces.get(sentence);
  if (!found) {
    found = placesIn(sentence);
    sentencePlaces.set(sentence, found);
  }
  return found;
}

/** A sentence's concepts with where each first appears, worked out once. */
const sentenceConcepts = new Map<string, Map<string, number>>();
function conceptsOf(sentence: string): Map<string, number> {
  let found = sentenceConcepts.get(sentence);
  if (!found) {
    found = conceptsAt(sentence);
    sentenceConcepts.set(sentence, found);
  }
  return found;
}

/** A sentence as compared for repeats: its words, lower case. */
const gist = (sentence: string) => terms(sentence).join(" ");

/**
 * Quotes the retrieved passages' sentences that answer the question: first the one that states
 * what was asked (a deadline, a threshold, who files…), then the conditions around it, each once,
 * each with the marker of its passage; then the sources, only those quoted. A question naming a
 * place the quoted passages do not cover says so: `mismatch` names both places.
 */
export function composeExtractive(
  question: string,
  retrieved: Retrieved[],
  language: KbLanguage,
  understood: Understanding = understand(question, [], language),
): ComposedAnswer {
  const top = retrieved[0]?.score ?? 0;
  if (top <= 0) return { text: "", sources: [], notes: ["refused"], sentences: [] };
  const { own, synonyms } = expandQuestion(understood.text);
  const weighted: [string, number][] = [
    ...own.map((term): [string, number] => [term, 1]),
    ...synonyms.map((term): [string, number] => [term, SYNONYM_WEIGHT]),
  ];
  // Only a specific kind of fact leads: every sentence "defines" or "lists" something.
  const specific = understood.types.filter((type) => SPECIFIC_TYPES.has(type));
  // A sentence naming the place asked about counts more, one naming only other places less (a
  // passage on escalation in general quotes Malaysia's rule and Canada's).
  // A sentence that alone states what the question asks (the only one with its concepts) keeps
  // its weight whatever place it names.
  const named = (sentence: string) => placesOf(sentence).filter((place) => place !== "global");
  const placeFit = (c: (typeof read)[number], covered: number) => {
    if (understood.places.length === 0) return 1;
    const places = named(c.sentence);
    if (places.some((place) => understood.places.includes(place))) return PLACE_NAMED;
    return places.length > 0 && (understood.followUp || coverOf(c) <= covered) ? PLACE_OTHER : 1;
  };
  const defines = understood.types.includes("definition");
  const asksWho = understood.types.includes("who") || understood.types.includes("contact");
  const weightOf = new Map(weighted);
  const rarity = inverseFrequency();
  const read = retrieved.flatMap((hit, rank) => {
    const annotation = annotationOf(hit.passage);
    return hit.passage.sentences.map((sentence, position) => ({
      hit,
      rank,
      position,
      sentence,
      place: annotation.jurisdiction,
      used: termsUsed(sentence, weighted),
      shared: [...conceptsOf(sentence).keys()].filter(
        (concept) => understood.concepts.has(concept) && (asksWho || !REGULATORS.has(concept)),
      ),
      // A sentence about what was asked opens with it ("Veritas is an MAS-led consortium…").
      opensWith: [...conceptsOf(sentence)].some(
        ([concept, at]) =>
          at < OPENING && understood.concepts.has(concept) && !REGULATORS.has(concept),
      ),
      states: specific.some((type) => statesType(sentence, type)),
    }));
  });
  // What tells these sentences apart: a word or concept of the question that few of them use
  // ("force" in "is the EU AI Act in force yet") counts for more than one they all share.
  const spread = new Map<string, number>();
  for (const sentence of read)
    for (const key of [...sentence.used, ...sentence.shared.map((c) => `#${c}`)])
      spread.set(key, (spread.get(key) ?? 0) + 1);
  const telling = (key: string) => Math.log(1 + read.length / (spread.get(key) ?? 1));
  const coverOf = (c: (typeof read)[number]) =>
    c.shared.reduce((sum, concept) => sum + conceptWeightOf(concept), 0);
  // How much of the question the sentences that name the place asked about (or none) cover.
  const coveredHere = Math.max(
    0,
    ...read
      .filter((c) => {
        const places = named(c.sentence);
        return places.length === 0 || places.some((place) => understood.places.includes(place));
      })
      .map(coverOf),
  );
  const candidates = read.map((c) => {
    const words = c.used.reduce(
      (sum, term) => sum + (weightOf.get(term) ?? 0) * (rarity.get(term) ?? 1) * telling(term),
      0,
    );
    const concepts = c.shared.reduce(
      (sum, concept) => sum + conceptWeightOf(concept) * telling(`#${concept}`),
      0,
    );
    const relevance = words + CONCEPT_WEIGHT * concepts;
    const factor =
      (c.hit.score / top) *
      (c.states ? TYPE_BOOST : 1) *
      (defines && c.opensWith ? SUBJECT_BOOST : 1) *
      placeFit(c, coveredHere);
    return { ...c, score: relevance * factor };
  });
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const chosen: typeof candidates = [];
  const seen = new Set<string>();
  const take = (candidate: (typeof candidates)[number]) => {
    const key = gist(candidate.sentence) || candidate.sentence;
    if (seen.has(key) || chosen.length >= MAX_SENTENCES) return;
    seen.add(key);
    chosen.push(candidate);
  };
  // The lead: for each place asked about, its best sentence; otherwise the best sentence.
  for (const place of understood.places.length > 1 ? understood.places : []) {
    const lead = ranked.find((c) => c.place === place);
    if (lead) take(lead);
  }
  if (ranked[0]) take(ranked[0]);
  const [lead] = chosen;
  // The fact asked for comes right after the lead when the lead does not state it: the deadline
  // of the report the lead describes, in the lead's passage if it has one.
  const stating = (c: (typeof candidates)[number]) => c.states && c.score > 0;
  if (lead && !lead.states && specific.length > 0) {
    const fact =
      ranked.find((c) => stating(c) && c.hit === lead.hit) ?? ranked.find((c) => stating(c));
    if (fact) take(fact);
  }
  const leads = chosen.length;
  for (const candidate of ranked) {
    if (candidate.score < best * SENTENCE_CUT) break;
    take(candidate);
  }
  // A passage found by its keywords alone still answers with its opening sentence.
  if (chosen.length === 0 && candidates[0]) take(candidates[0]);
  // After the lead(s), the rest in the passages' order, so conditions read as written.
  const rest = chosen.slice(leads).sort((a, b) => a.rank - b.rank || a.position - b.position);
  const ordered = [...chosen.slice(0, leads), ...rest];

  const { sources, markerOf } = sourceList();
  const sentences = ordered.map((c) => `${c.sentence} [${markerOf(c.hit.passage)}]`);
  const quoted = sources.map((source) => getKnowledgeBase().byId.get(source.id)?.language);
  const notes: AdvisorNote[] =
    language !== "en" && quoted.some((quotedLanguage) => quotedLanguage !== language)
      ? ["translated"]
      : [];
  // The lead states another place's rule than the one asked about: the answer says so first.
  const asked = understood.places.find((place) => place !== "global");
  const answered = lead?.place;
  const mismatch =
    asked && answered && answered !== "global" && !understood.places.includes(answered)
      ? { asked, answered }
      : undefined;
  return { text: sentences.join(" "), sources, notes, sentences, mismatch };
}
