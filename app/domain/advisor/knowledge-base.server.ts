import { type KbLanguage, type Passage, PassageSchema } from "./knowledge-schema.server";

// The knowledge base as the advisor reads it: every passage validated once per process, with its
// sentences split out, and translations found from the English passage they render.

const english = import.meta.glob<unknown>("../../../content/knowledge-base/passages/*.json", {
  eager: true,
  import: "default",
});
const translated = import.meta.glob<unknown>(
  "../../../content/knowledge-base/translations/*/*.json",
  { eager: true, import: "default" },
);

export interface KbPassage extends Passage {
  /** Whole sentences, in order: what an extractive answer quotes. */
  sentences: string[];
}

export interface KnowledgeBase {
  passages: KbPassage[];
  byId: Map<string, KbPassage>;
  /** English passage id → language → its translation. */
  translations: Map<string, Map<KbLanguage, KbPassage>>;
}

// A sentence ends at . ! ? followed by a space and a capital or a non-Latin letter ("No. 9160" and
// "B.E. 2542" go on), or at a Chinese full stop. Thai marks no sentence end: a Thai paragraph is
// quoted whole, so Thai passages keep one idea to a paragraph.
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z\p{Lo}\p{M}])|(?<=[。！？])/u;

export function splitSentences(paragraph: string): string[] {
  return paragraph
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function load(files: Record<string, unknown>): KbPassage[] {
  return Object.entries(files).map(([file, data]) => {
    const parsed = PassageSchema.safeParse(data);
    if (!parsed.success) {
      throw new Error(`${file} is not a knowledge-base passage: ${parsed.error.message}`);
    }
    return { ...parsed.data, sentences: parsed.data.paragraphs.flatMap(splitSentences) };
  });
}

/** Builds the knowledge base from passage data, checking that it holds together. */
export function buildKnowledgeBase(source: KbPassage[]): KnowledgeBase {
  const byId = new Map<string, KbPassage>();
  const translations = new Map<string, Map<KbLanguage, KbPassage>>();
  for (const passage of source) {
    if (byId.has(passage.id)) throw new Error(`Two knowledge-base passages are ${passage.id}.`);
    byId.set(passage.id, passage);
  }
  for (const passage of source) {
    if ((passage.language === "en") !== (passage.translationOf === undefined)) {
      throw new Error(`${passage.id}: only a passage in another language translates one.`);
    }
    if (!passage.translationOf) continue;
    const original = byId.get(passage.translationOf);
    if (original?.language !== "en") {
      throw new Error(`${passage.id} translates ${passage.translationOf}, not an English passage.`);
    }
    const languages = translations.get(original.id) ?? new Map<KbLanguage, KbPassage>();
    languages.set(passage.language, passage);
    translations.set(original.id, languages);
  }
  return { passages: source, byId, translations };
}

let knowledgeBase: KnowledgeBase | undefined;

export function getKnowledgeBase(): KnowledgeBase {
  knowledgeBase ??= buildKnowledgeBase([...load(english), ...load(translated)]);
  return knowledgeBase;
}
