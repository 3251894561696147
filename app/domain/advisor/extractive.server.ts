import { type KbPassage, getKnowledgeBase } from "./knowledge-base.server";
import type { KbLanguage } from "./knowledge-schema.server";
import type { AdvisorNote, AdvisorSource } from "./messages";
import { type Retrieved, expandQuestion, terms } from "./retrieval.server";

// The answer without a language model: the sentences of the retrieved passages that say most about
// the question, in the passages' order, each followed by the marker of the passage it comes from;
// then the sources, only those quoted. Nothing is written that a passage does not say.

/** Sentences quoted at most, and the least share of the best sentence's score another needs. */
export const MAX_SENTENCES = 4;
const SENTENCE_CUT = 0.35;
const SYNONYM_WEIGHT = 0.5;

export interface ComposedAnswer {
  text: string;
  sources: AdvisorSource[];
  notes: AdvisorNote[];
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

function sentenceScore(sentence: string, weighted: [string, number][]): number {
  let own = sentenceTerms.get(sentence);
  if (!own) {
    own = terms(sentence);
    sentenceTerms.set(sentence, own);
  }
  const rarity = inverseFrequency();
  let score = 0;
  for (const [term, weight] of weighted) {
    if (own.some((word) => matches(word, term))) score += weight * (rarity.get(term) ?? 1);
  }
  return score;
}

/** Quotes the retrieved passages' most telling sentences, with their markers and sources. */
export function composeExtractive(
  question: string,
  retrieved: Retrieved[],
  language: KbLanguage,
): ComposedAnswer {
  const top = retrieved[0]?.score ?? 0;
  if (top <= 0) return { text: "", sources: [], notes: ["refused"] };
  const { own, synonyms } = expandQuestion(question);
  const weighted: [string, number][] = [
    ...own.map((term): [string, number] => [term, 1]),
    ...synonyms.map((term): [string, number] => [term, SYNONYM_WEIGHT]),
  ];
  const candidates = retrieved.flatMap((hit, rank) =>
    hit.passage.sentences.map((sentence, position) => ({
      hit,
      rank,
      position,
      sentence,
      score: sentenceScore(sentence, weighted) * (hit.score / top),
    })),
  );
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0]?.score ?? 0;
  const chosen = ranked.filter((c) => c.score >= best * SENTENCE_CUT).slice(0, MAX_SENTENCES);
  // A passage found by its keywords alone still answers with its opening sentence.
  if (chosen.length === 0 && candidates[0]) chosen.push(candidates[0]);
  chosen.sort((a, b) => a.rank - b.rank || a.position - b.position);

  const { sources, markerOf } = sourceList();
  const text = chosen.map((c) => `${c.sentence} [${markerOf(c.hit.passage)}]`).join(" ");
  const quoted = sources.map((source) => getKnowledgeBase().byId.get(source.id)?.language);
  const notes: AdvisorNote[] =
    language !== "en" && quoted.some((quotedLanguage) => quotedLanguage !== language)
      ? ["translated"]
      : [];
  return { text, sources, notes };
}
