// The words of case notes as a model of people's names reads them (docs/decisions/064): each word
// with its letters, shape and script, the name lists it is on, the titles and roles before it, its
// neighbours and quotation marks, as hashed features. Shared by the model (pii-model.ts) and its
// training (tests/fixtures/pii/train.ts).
import {
  CJK_FAMILY_NAMES,
  CJK_GIVEN_CHARS,
  FAMILY_FIRST,
  FAMILY_NAMES,
  GIVEN_NAMES,
  NOT_NAMES,
  TAMIL_NAMES,
  THAI_GIVEN_NAMES,
} from "./pii-names";
import { isCueWord, isOrdinaryWord } from "./pii-people";

/**
 * A word of the notes: Latin, Tamil and Vietnamese words as written, Thai as segmented, one
 * Chinese character each; and what is already removed, one word for each item ("[PERSON]").
 */
export interface Token {
  start: number;
  end: number;
  text: string;
  script: Script;
}
export type Script = "la" | "th" | "ta" | "zh" | "digit" | "punct" | "nl" | "removed";

/** An item already found, which the model reads as its placeholder. */
export interface Removed {
  start: number;
  end: number;
  type: string;
}

const TOKEN =
  /\[([A-Z_]+) \d+\]|\p{Script=Han}|[\u0E00-\u0E7F]+|[\u0B80-\u0BFF]+|[\p{L}\p{M}\p{N}]+(?:['’/-][\p{L}\p{M}\p{N}]+)*|\n|[^\s]/gu;
const THAI_WORDS = new Intl.Segmenter("th", { granularity: "word" });

const RUN_OF = { th: /[\u0E00-\u0E7F]+/gu, zh: /[\u4e00-\u9fff]+/gu } as const;
const SEGMENTERS = {
  th: THAI_WORDS,
  zh: new Intl.Segmenter("zh", { granularity: "word" }),
} as const;

/** Where words begin and end in the runs of Thai or Chinese letters of a text. */
export function wordEdges(text: string, script: "th" | "zh"): Set<number> {
  const edges = new Set<number>();
  for (const run of text.matchAll(RUN_OF[script])) {
    edges.add(run.index);
    for (const { index, segment } of SEGMENTERS[script].segment(run[0])) {
      edges.add(run.index + index);
      edges.add(run.index + index + segment.length);
    }
  }
  return edges;
}

function scriptOf(word: string): Script {
  if (/\p{Script=Han}/u.test(word)) return "zh";
  if (/[\u0B80-\u0BFF]/u.test(word)) return "ta";
  if (/\p{L}/u.test(word)) return "la";
  if (/\p{N}/u.test(word)) return "digit";
  return word === "\n" ? "nl" : "punct";
}

function tokenizePiece(text: string, from: number, to: number, out: Token[]): void {
  const piece = text.slice(from, to);
  for (const m of piece.matchAll(TOKEN)) {
    const word = m[0];
    const start = from + m.index;
    if (m[1]) out.push({ start, end: start + word.length, text: `[${m[1]}]`, script: "removed" });
    else if (/^[\u0E00-\u0E7F]/u.test(word)) {
      for (const { index, segment } of THAI_WORDS.segment(word)) {
        out.push({
          start: start + index,
          end: start + index + segment.length,
          text: segment,
          script: "th",
        });
      }
    } else out.push({ start, end: start + word.length, text: word, script: scriptOf(word) });
  }
}

/**
 * The words of a text, each item already removed read as one word, as its placeholder is read
 * once the text is scrubbed: the model reads a text and its scrubbed text alike.
 */
export function tokenize(text: string, removed: readonly Removed[] = []): Token[] {
  const out: Token[] = [];
  let cursor = 0;
  for (const item of [...removed].sort((a, b) => a.start - b.start)) {
    if (item.start < cursor) continue;
    tokenizePiece(text, cursor, item.start, out);
    out.push({ start: item.start, end: item.end, text: `[${item.type}]`, script: "removed" });
    cursor = item.end;
  }
  tokenizePiece(text, cursor, text.length, out);
  return out;
}

// --- Features ------------------------------------------------------------------------------------

/** FNV-1a of a string, 32 bits. */
function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A feature's hash: its template and its value mixed (murmur3's finaliser). */
function mix(template: number, value: number): number {
  let h = Math.imul(template + 1, 0x9e3779b1) ^ value;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const titled = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
function shapeOf(word: string): string {
  let shape = "";
  let previous = "";
  let repeats = 0;
  for (const char of word) {
    const kind =
      char !== char.toLowerCase()
        ? "X"
        : char !== char.toUpperCase()
          ? "x"
          : /\d/u.test(char)
            ? "d"
            : char;
    repeats = kind === previous ? repeats + 1 : 0;
    previous = kind;
    if (repeats < 2) shape += kind;
    if (shape.length === 8) break;
  }
  return shape;
}

// What a word is on the lists, one bit each.
const LISTS = [
  (word: string, cased: string) => GIVEN_NAMES.has(cased),
  (word: string, cased: string) => FAMILY_FIRST.has(cased) || FAMILY_FIRST.has(word),
  (_: string, cased: string) => FAMILY_NAMES.has(cased),
  (word: string) => isOrdinaryWord(word),
  (_: string, cased: string) => NOT_NAMES.has(cased),
  (word: string) => THAI_GIVEN_NAMES.has(word),
  (word: string) => TAMIL_NAMES.has(word),
  (word: string) => CJK_FAMILY_NAMES.has(word),
  (word: string) => CJK_GIVEN_CHARS.has(word),
  (word: string) => isCueWord(word),
] as const;
const CUE = 9;
/** Whether a word is a title or a role. */
export const isCue = (word: Word | undefined) => ((word?.lists ?? 0) & (1 << CUE)) !== 0;
/** The bit of an ordinary word (the product writes it in lower case, or a Tamil word). */
export const ORDINARY_BIT = 3;

/** What the features of a word need, worked out once per word. */
export interface Word {
  lower: number;
  shape: number;
  shortShape: number;
  lists: number;
  own: number[];
}

const NO_LISTS = new Set<Script>(["punct", "digit", "nl", "removed"]);

function wordOf(text: string, script: Script): Word {
  const lower = text.toLowerCase();
  const shape = shapeOf(text);
  let lists = 0;
  if (!NO_LISTS.has(script)) {
    const cased = titled(text);
    LISTS.forEach((test, bit) => {
      if (test(text, cased)) lists |= 1 << bit;
    });
  }
  const lowerHash = script === "nl" ? 1 : hashString(lower);
  const shapeHash = hashString(shape);
  return {
    lower: lowerHash,
    shape: shapeHash,
    shortShape: hashString(shape.slice(0, 2)),
    lists,
    own: [
      mix(1, lowerHash),
      mix(2, shapeHash),
      mix(3, hashString(script)),
      mix(4, hashString(lower.slice(0, 2))),
      mix(5, hashString(lower.slice(-2))),
      mix(6, hashString(lower.slice(-3))),
      mix(7, hashString(lower.slice(0, 3))),
      mix(8, Math.min(text.length, 8)),
    ],
  };
}

// A word's own features depend on the word alone: kept for the words met most recently.
const WORDS = new Map<string, Word>();

export function wordsOf(tokens: readonly Token[]): Word[] {
  return tokens.map(({ text, script }) => {
    const key = `${script}:${text}`;
    let word = WORDS.get(key);
    if (!word) {
      if (WORDS.size > 50_000) WORDS.clear();
      word = wordOf(text, script);
      WORDS.set(key, word);
    }
    return word;
  });
}

const NONE: Word = { lower: 0, shape: 0, shortShape: 0, lists: 0, own: [] };

/** Whether each word stands inside quotation marks on its line. */
export function quotedWords(text: string, tokens: readonly Token[]): boolean[] {
  let open = false;
  return tokens.map((token) => {
    const was = open;
    if (token.script === "nl") open = false;
    else if (/^["“”«»]$/u.test(token.text)) open = !open;
    return was;
  });
}

/** The hashed features of the word at `i`: itself, its neighbours, the lists and the cues. */
export function featuresAt(
  tokens: readonly Token[],
  words: readonly Word[],
  quoted: readonly boolean[],
  i: number,
): number[] {
  const word = words[i] ?? NONE;
  const out = [mix(0, 0), ...word.own];
  for (let bit = 0; bit < LISTS.length; bit++) {
    if (word.lists & (1 << bit)) out.push(mix(9, bit), mix(10, bit * 7919 + word.shortShape));
  }
  for (let d = -3; d <= 3; d++) {
    if (d === 0) continue;
    const near = words[i + d];
    out.push(mix(20 + d, near ? near.lower : 2));
    if (d < -2 || d > 2) continue;
    out.push(mix(30 + d, near ? near.shortShape : 3));
    for (let bit = 0; near && bit < LISTS.length; bit++) {
      if (near.lists & (1 << bit)) out.push(mix(40 + d, bit));
    }
  }
  const before = words[i - 1];
  const after = words[i + 1];
  out.push(
    mix(50, Math.imul(before ? before.lower : 2, 31) ^ word.lower),
    mix(51, Math.imul(word.lower, 31) ^ (after ? after.lower : 2)),
    mix(
      52,
      Math.imul(Math.imul(before ? before.shortShape : 3, 31) ^ word.shortShape, 31) ^
        (after ? after.shortShape : 3),
    ),
  );
  if (!before || tokens[i - 1]?.script === "nl") out.push(mix(53, 0));
  if ((words[i - 2]?.lists ?? 0) & (1 << CUE)) out.push(mix(54, 2));
  const two = tokens[i - 2] && tokens[i - 1] ? `${tokens[i - 2]?.text} ${tokens[i - 1]?.text}` : "";
  if (two && isCueWord(two)) out.push(mix(55, 0));
  if (quoted[i]) out.push(mix(56, 0));
  return out;
}

/** Every word's features, for training. */
export function featuresOf(text: string, tokens: readonly Token[]): number[][] {
  const words = wordsOf(tokens);
  const quoted = quotedWords(text, tokens);
  return tokens.map((_, i) => featuresAt(tokens, words, quoted, i));
}
