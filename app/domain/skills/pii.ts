// Removes personal data from case notes before they are stored or sent to a language model
// (docs/decisions/045). Runs in the browser as well as on the server, so it uses no Node-only
// modules; the Skills page calls it on the server (a preview request), which keeps the name lists
// out of the page's JavaScript.
// Each item found is replaced by a typed, numbered placeholder ("[PERSON 1]", "[ACCOUNT 2]"), the
// same number for the same item throughout the notes (a surname alone after the full name included),
// so the draft still reads. Amounts, transaction dates, references, regulators and companies stay.
import { findCued } from "./pii-cued";
import { findIdentifiers } from "./pii-ids";
import { modelPeople } from "./pii-model";
import { wordEdges } from "./pii-model-features";
import { findPeople, namesSomethingElse, tamilWordEnd, thaiNameEndsAt } from "./pii-people";
import { findAddresses } from "./pii-places";
import { type Candidate, type MarkableType, type PiiType, isMarkableText } from "./pii-types";

export { MARKABLE_TYPES, PII_TYPES, type MarkableType, type PiiType } from "./pii-types";

/** One item removed: where it was in the notes, what it was, and what replaced it. */
export interface PiiFinding {
  type: PiiType;
  start: number;
  end: number;
  value: string;
  placeholder: string;
}

export interface ScrubResult {
  text: string;
  /** How many different items of each type were removed. */
  removed: Partial<Record<PiiType, number>>;
  found: PiiFinding[];
}

/** A span the learner marked as personal data the scrubber missed. */
export interface MarkedSpan {
  text: string;
  type: MarkableType;
}

// Priority on overlap after length: checksummed identifiers first, then cued numbers, addresses and
// names. A span the learner marked outranks everything.
const RANKS = { DOB: 20, ACCOUNT: 5, PASSPORT: 21, ADDRESS: 30, PERSON: 31 } as const;
const IDENTIFIER_RANK = 8;
const MARKED_RANK = -1;

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

function markedCandidates(text: string, marked: readonly MarkedSpan[]): Candidate[] {
  const out: Candidate[] = [];
  for (const { text: value, type } of marked) {
    const wanted = value.trim();
    if (!isMarkableText(wanted)) continue;
    // Whitespace as typed need not match the notes' exactly.
    const pattern = new RegExp(escape(wanted).replace(/\s+/g, "\\s+"), "giu");
    for (const m of text.matchAll(pattern)) {
      out.push({ start: m.index, end: m.index + m[0].length, type, rank: MARKED_RANK });
    }
  }
  return out;
}

function resolve(candidates: Candidate[]): Candidate[] {
  const ordered = [...candidates].sort(
    (a, b) =>
      Number(b.rank === MARKED_RANK) - Number(a.rank === MARKED_RANK) ||
      b.end - b.start - (a.end - a.start) ||
      a.rank - b.rank ||
      a.start - b.start,
  );
  const kept: Candidate[] = [];
  for (const candidate of ordered) {
    if (!kept.some((k) => candidate.start < k.end && k.start < candidate.end)) kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The personal data in the text, without overlaps, in reading order. */
export function findPii(
  text: string,
  marked: readonly MarkedSpan[] = [],
  { model = true }: { model?: boolean } = {},
): Candidate[] {
  const found: Candidate[] = [];
  findCued(text, found, RANKS);
  findAddresses(text, found, RANKS.ADDRESS);
  findPeople(text, found, RANKS.PERSON);
  // Last: the phone finder skips what an earlier finder already holds.
  findIdentifiers(text, found, IDENTIFIER_RANK);
  let kept = withElsewhere(text, found);
  // Then the model of names, which reads what is found as placeholders: again with what it finds
  // until it finds nothing more, so that it reads the text last as it would read the scrubbed
  // text, and scrubbing that finds nothing.
  for (let round = 0; model && round < MODEL_ROUNDS; round++) {
    const more = modelPeople(text, kept, RANKS.PERSON);
    if (more.length === 0) break;
    found.push(...more);
    kept = withElsewhere(text, [...kept, ...more]);
  }
  // What the learner marks comes last and outranks the rest, among everything found before
  // overlaps were settled: marking a missed name or an address's exact extent never loses what
  // the preview listed (the model, reading a marked name as a placeholder, might; a name that lay
  // inside a longer address the mark replaces stands again).
  return marked.length === 0
    ? kept
    : withElsewhere(text, [...markedCandidates(text, marked), ...found, ...kept]);
}

/** The items without overlaps, and each again wherever else it is written. */
function withElsewhere(text: string, items: Candidate[]): Candidate[] {
  const kept = resolve(items);
  return resolve([...kept, ...elsewhere(text, kept)]);
}

const MODEL_ROUNDS = 4;

const LATIN_LETTER = /[\p{Script=Latin}\u0300-\u036f]/u;
const TAMIL_LETTER = /[\u0B80-\u0BFF]/u;
/**
 * An item found once is removed wherever else it is written, as text the learner marks is: the
 * preview lists it as removed. A number (an account written twice, its cue once) stands apart
 * from letters and digits. A Latin name stands apart from Latin letters, a Tamil one begins a
 * word and takes its case ending, a Chinese one of two characters or more goes everywhere (陈国栋,
 * 嘉恩), and a short Thai one stands between word breaks (ต้น of ต้นทุน, "cost", is no one).
 */
function elsewhere(text: string, kept: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const item of kept) {
    const value = text.slice(item.start, item.end);
    if (item.type === "PERSON" || !/\d/u.test(value) || value.replace(/\D/gu, "").length < 6)
      continue;
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
      const end = at + value.length;
      if (at !== item.start && !/[\p{L}\p{N}]/u.test(text.charAt(at - 1) + text.charAt(end)))
        out.push({ start: at, end, type: item.type, rank: item.rank });
    }
  }
  const names = new Set(
    kept.filter((item) => item.type === "PERSON").map((item) => text.slice(item.start, item.end)),
  );
  let thaiEdges: Set<number> | null = null;
  const edgesOf = () => (thaiEdges ??= wordEdges(text, "th"));
  for (const name of names) {
    if (name.length < 2) continue;
    const script = LATIN_LETTER.test(name)
      ? "latin"
      : TAMIL_LETTER.test(name)
        ? "ta"
        : /[\u0E00-\u0E7F]/u.test(name)
          ? "th"
          : "zh";
    for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      const apart =
        script === "latin"
          ? name.length >= 3 &&
            !LATIN_LETTER.test(text.charAt(at - 1)) &&
            !LATIN_LETTER.test(text.charAt(end))
          : script === "ta"
            ? name.length >= 3 && !TAMIL_LETTER.test(text.charAt(at - 1))
            : script === "zh" ||
              // A Thai name of four letters or more is no piece of another word; a shorter one
              // stands between word breaks, and the segmenter may run it into the verb after it
              // (พิ|นมา of พินมา).
              [...name].length >= 4 ||
              (edgesOf().has(at) && (edgesOf().has(end) || thaiNameEndsAt(text, end)));
      // Not in a firm's, a street's or a shop's name ("Whitfield Logistics"), nor in a word; in
      // Tamil, with the case ending it takes (ரிஸ்னா|வுக்கு).
      if (apart && !namesSomethingElse(text, { start: at, end })) {
        const word = script === "ta" ? (tamilWordEnd(text, end) ?? end) : end;
        out.push({ start: at, end: word, type: "PERSON", rank: RANKS.PERSON });
      }
    }
  }
  return out;
}

// --- Numbering ---------------------------------------------------------------------------------

const HAN = /[\u4e00-\u9fff]/u;

function personTokens(name: string): Set<string> {
  if (HAN.test(name)) return new Set([...name.replace(/\s+/g, "")]);
  return new Set(
    name
      .toLocaleLowerCase()
      .split(/\s+/)
      .filter((word) => word && !/^(?:bin|binti|bte|bt|a\/l|a\/p|s\/o|d\/o)$/.test(word)),
  );
}

const isSubset = (a: Set<string>, b: Set<string>) => [...a].every((token) => b.has(token));

function keyOf(type: PiiType, value: string): string {
  if (/\d/.test(value) && type !== "ADDRESS" && type !== "EMAIL")
    return value.replace(/[^\dA-Za-z]/g, "").toUpperCase();
  return value.toLocaleLowerCase().replace(/\s+/g, " ");
}

/** Numbers the items per type: the same item, or a person's shorter mention, keeps its number. */
function number(text: string, items: Candidate[]): PiiFinding[] {
  const counters = new Map<PiiType, number>();
  const keys = new Map<string, number>();
  const people: { tokens: Set<string>; n: number }[] = [];
  const next = (type: PiiType) => {
    const n = (counters.get(type) ?? 0) + 1;
    counters.set(type, n);
    return n;
  };
  return items.map(({ start, end, type }) => {
    const value = text.slice(start, end);
    let n: number;
    if (type === "PERSON") {
      const tokens = personTokens(value);
      const same = [...people]
        .reverse()
        .find((person) => isSubset(tokens, person.tokens) || isSubset(person.tokens, tokens));
      if (same) {
        if (tokens.size > same.tokens.size) same.tokens = tokens;
        n = same.n;
      } else {
        n = next(type);
        people.push({ tokens, n });
      }
    } else {
      const key = `${type} ${keyOf(type, value)}`;
      n = keys.get(key) ?? next(type);
      keys.set(key, n);
    }
    return { type, start, end, value, placeholder: `[${type} ${n}]` };
  });
}

export function scrubPii(
  text: string,
  options: { marked?: readonly MarkedSpan[] } = {},
): ScrubResult {
  const found = number(text, findPii(text, options.marked));
  const removed: Partial<Record<PiiType, number>> = {};
  const seen = new Set<string>();
  let out = "";
  let cursor = 0;
  for (const { start, end, type, placeholder } of found) {
    out += text.slice(cursor, start) + placeholder;
    cursor = end;
    if (!seen.has(placeholder)) {
      seen.add(placeholder);
      removed[type] = (removed[type] ?? 0) + 1;
    }
  }
  return { text: out + text.slice(cursor), removed, found };
}
