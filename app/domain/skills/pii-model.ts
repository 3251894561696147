// A statistical model of people's names (docs/decisions/064-pii-a-model-of-names.md): a logistic
// regression over the features of each word (pii-model-features.ts) that says how likely it is part
// of a person's name. It is trained on the labelled case notes the scrubber's rules were written
// from, with their people renamed, and on the product's own text (whose few people are fictional),
// never on the unread sets (`npm run train:pii`, tests/fixtures/pii/train.ts). The rules come
// first; the model adds the names they did not find. Its weights are hashed into a fixed table,
// stored as 8-bit integers (pii-model.json).
import model from "./pii-model.json";
import {
  ORDINARY_BIT,
  type Script,
  isCue,
  featuresAt,
  quotedWords,
  tokenize,
  wordEdges,
  wordsOf,
} from "./pii-model-features";
import { GIVEN_NAMES, NOT_NAMES, PLACE_NAMES, REGIONS } from "./pii-names";
import { isCommonWord, isCompanyWord, namesSomethingElse } from "./pii-people";
import type { Candidate } from "./pii-types";

/** The model as stored: 2^bits weights as 8-bit integers (base64), times `scale`. */
export interface StoredModel {
  bits: number;
  scale: number;
  threshold: number;
  weights: string;
  /** The training data's digest: a test checks the model was trained on the corpus as it is. */
  trainedOn: string;
}

const stored = model as StoredModel;
const WEIGHTS = Int8Array.from(atob(stored.weights), (char) => (char.charCodeAt(0) << 24) >> 24);
const MASK = (1 << stored.bits) - 1;

const probability = (features: readonly number[]) => {
  let z = 0;
  for (const feature of features) z += WEIGHTS[feature & MASK] ?? 0;
  return 1 / (1 + Math.exp(-z * stored.scale));
};

const NAME_SCRIPTS = new Set<Script>(["la", "th", "ta", "zh"]);
// Words that join a name's parts, never a name alone.
const JOINER =
  /^(?:bin|binti|binte|bte|bt|a\/l|a\/p|s\/o|d\/o|anak|de|du|des|la|le|van|von|da|dos|del)$/iu;
/**
 * The model's names: runs of words it scores at its threshold or above, joined across a space (or
 * none, in Thai and Chinese), that no rule found and that name no place, firm or ordinary thing.
 */
export function modelPeople(text: string, found: readonly Candidate[], rank: number): Candidate[] {
  // What is found already reads as its placeholder, so a text and its scrubbed text read alike.
  const tokens = tokenize(text, found);
  const words = wordsOf(tokens);
  const quoted = quotedWords(text, tokens);
  const scores = tokens.map((token, i) =>
    NAME_SCRIPTS.has(token.script) ? probability(featuresAt(tokens, words, quoted, i)) : 0,
  );
  const runs: { start: number; end: number; best: number; words: number[] }[] = [];
  tokens.forEach((token, i) => {
    const last = runs.at(-1);
    if ((scores[i] ?? 0) < stored.threshold) return;
    if (
      last &&
      last.words.at(-1) === i - 1 &&
      /^[ \t]?$/u.test(text.slice(last.end, token.start))
    ) {
      last.end = token.end;
      last.best = Math.max(last.best, scores[i] ?? 0);
      last.words.push(i);
    } else runs.push({ start: token.start, end: token.end, best: scores[i] ?? 0, words: [i] });
  });
  let edges: Set<number> | null = null;
  const capitalised = (i: number) =>
    tokens[i]?.script === "la" && /^\p{Lu}/u.test(tokens[i]?.text ?? "") && !isCue(words[i]);
  return runs
    .filter((run) => {
      const value = text.slice(run.start, run.end);
      const first = run.words[0] ?? 0;
      const last = run.words.at(-1) ?? 0;
      if (found.some((item) => item.start < run.end && run.start < item.end)) return false;
      // A place, a country or a nationality, with its 's or not ("Thailand's").
      const bare = value.replace(/['’]s$/u, "");
      if (REGIONS.has(bare) || PLACE_NAMES.has(bare) || NOT_NAMES.has(bare)) return false;
      if (isCommonWord(value)) return false;
      // A firm's or a shop's name ("Tan Brothers Hardware", "Malhotra Tailors").
      if (run.words.some((i) => isCompanyWord(tokens[i]?.text ?? ""))) return false;
      if (namesSomethingElse(text, run)) return false;
      if (run.words.every((i) => JOINER.test(tokens[i]?.text ?? ""))) return false;
      // One or two letters (be, su): too short to remove wherever else they are written, so the
      // preview would list as removed a word the draft still holds (the draft's own "be").
      if (/^\p{Script=Latin}{1,2}$/u.test(value)) return false;
      // One word after "in" or "at" is a place's ("Sunny Side Cafe in Markham").
      if (
        run.words.length === 1 &&
        /(?:^|\s)(?:in|at|near|à|en|au|aux|di|ở|tại)\s$/iu.test(
          text.slice(run.start - 6, run.start),
        )
      )
        return false;
      // Part of a longer run of capitalised words ("Big MacDonald burger", "Apple MacBook"): the
      // model did not take the whole, so it is no one's name.
      const glued = (i: number, gap: string) => capitalised(i) && /^ $/u.test(gap);
      if (
        tokens[first]?.script === "la" &&
        (glued(first - 1, text.slice(tokens[first - 1]?.end ?? 0, run.start)) ||
          glued(last + 1, text.slice(run.end, tokens[last + 1]?.start ?? 0)))
      )
        return false;
      // Chinese: one character alone is as often a word's (欧 of 欧盟), and a name begins and ends
      // where words do (not 黄金海 of 黄金海岸).
      if (/\p{Script=Han}/u.test(value)) {
        edges ??= wordEdges(text, "zh");
        if (value.length < 2 || value.length > 4 || !edges.has(run.start) || !edges.has(run.end))
          return false;
      }
      // Tamil names are three letters or more (not கா of எ.கா.).
      if (/^[\u0B80-\u0BFF]+$/u.test(value) && [...value].length < 3) return false;
      // A Thai word of two letters inside a run of Thai letters (or placeholders) is as often a
      // piece of a longer one the segmenter split (นท์ of ฟุตพริ้นท์); standing apart it may be a
      // nickname (นิด).
      if (
        /^[\u0E00-\u0E7F]+$/u.test(value) &&
        value.replace(/\p{M}/gu, "").length < 3 &&
        /[\u0E00-\u0E7F\]]/u.test(text.charAt(run.start - 1)) &&
        /[\u0E00-\u0E7F[]/u.test(text.charAt(run.end))
      )
        return false;
      // A run that opens with an ordinary word ("a Big MacDonald burger"), or words in quotation
      // marks (an app's, a vessel's name), need more; an ordinary word that is no one's given name
      // (Big, unlike Hope or Joy) more still.
      const ordinary = (words[first]?.lists ?? 0) & (1 << ORDINARY_BIT);
      const given = GIVEN_NAMES.has(tokens[first]?.text ?? "");
      if (ordinary && !given && run.words.length > 1 && run.best < 0.99) return false;
      return !((ordinary || quoted[first]) && run.best < 0.95);
    })
    .map(({ start, end }) => ({ start, end, type: "PERSON", rank }));
}
