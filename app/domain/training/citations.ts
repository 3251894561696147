// Sources cited inline in teaching text: a tag of content/sources.json in square brackets just
// before a sentence's closing punctuation, "… within 15 calendar days [C6]." The page shows each
// tag as a numbered note linking to its source; a content test holds every claim-bearing sentence
// to carrying one (docs/decisions/041).

const TAG = /\s?\[([A-Z]+\d+)\]/g;

/** The source ids a text cites, in order of first mention. */
export function citationsIn(text: string): string[] {
  return [...new Set([...text.matchAll(TAG)].flatMap(([, id]) => (id ? [id] : [])))];
}

/** The text with its tags taken out, for search, speech and plain-text uses. */
export function withoutCitations(text: string): string {
  return text.replace(TAG, "");
}

export type Segment = { text: string } | { source: string };

/** A text cut into runs of words and the tags between them, for the page to render. */
export function segments(text: string): Segment[] {
  const parts: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    if (match[1]) parts.push({ source: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * English sentences: split after a full stop, question or exclamation mark followed by a space and
 * a capital, a quote or a bracket; "s. 45", "para. 8.1", "e.g. a" and "Mr. K. Osei" do not split.
 */
export function sentences(text: string): string[] {
  return text
    .split(
      /(?<!\b(?:[A-Z]|Mr|Ms|Mrs|Dr|St|No|Co|Ltd|Inc|vs|e\.g|i\.e)\.)(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[A-Z])/,
    )
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const CURRENCY = String.raw`(?:CAD|C\$|S\$|SGD|RM|MYR|THB|US\$|USD|EUR|€|PHP|₱|Rp|IDR|VND|HK\$)`;
const CLAIM_PATTERNS: RegExp[] = [
  // An amount: "CAD 10,000", "RM50,000", "THB 2 million", "2 million baht".
  new RegExp(String.raw`${CURRENCY}\s?\d`),
  /\d[\d,.]*\s?(?:million|billion)?\s?(?:baht|ringgit|dollars)\b/i,
  // A period: "15 calendar days", "five years", "24 hours", "30-day".
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|thirty)[\s-](?:calendar[\s-]|working[\s-]|business[\s-]|consecutive[\s-])?(?:days?|hours?|months?|years?)\b/i,
  // A year, a percentage.
  /\b(?:19|20)\d{2}\b/,
  /\d\s?%|\bper ?cent\b/i,
  // A law or instrument by name, or a provision by number.
  /\b(?:Act|Notice|Regulations?|Recommendations?|Guidelines?|Ordinance|Decree|Circular)\b/,
  /\b(?:s\.|ss\.|section|sections|paragraph|para\.|Article|Art\.|Part|Schedule)\s?\d/i,
];

/** Whether an English sentence states a figure, a date or a law, and so needs its source. */
export function bearsClaim(sentence: string): boolean {
  const plain = withoutCitations(sentence);
  return CLAIM_PATTERNS.some((pattern) => pattern.test(plain));
}

/** The sentences of a text that bear a claim and cite nothing. */
export function uncitedClaims(text: string): string[] {
  return sentences(text).filter(
    (sentence) => bearsClaim(sentence) && citationsIn(sentence).length === 0,
  );
}
