// The kinds of personal data the scrubber finds, shared by its finders (client-safe).

export const PII_TYPES = [
  "PERSON",
  "ADDRESS",
  "DOB",
  "ACCOUNT",
  "PASSPORT",
  "EMAIL",
  "PHONE",
  "CARD",
  "IBAN",
  "SG_NRIC",
  "MY_MYKAD",
  "CA_SIN",
  "TH_ID",
  "ID_NIK",
  "IP",
] as const;
export type PiiType = (typeof PII_TYPES)[number];

/** Types a learner may give a span the scrubber missed. */
export const MARKABLE_TYPES = ["PERSON", "ADDRESS", "ACCOUNT", "DOB", "PASSPORT", "PHONE"] as const;
export type MarkableType = (typeof MARKABLE_TYPES)[number];

/**
 * Whether a marked text is long enough to stand for personal data: two characters, or one Chinese
 * character (a family name alone, 王 of 王老板). A single letter would replace every one of it.
 */
export const isMarkableText = (value: string) =>
  value.length >= 2 || /^\p{Script=Han}$/u.test(value);

/** A span a finder proposes; `rank` breaks ties between overlapping spans of equal length. */
export interface Candidate {
  start: number;
  end: number;
  type: PiiType;
  rank: number;
}
