// Identifiers confirmed by their checksum or structure: emails, phone numbers, payment cards,
// IBANs, national ids and IP addresses (pii.ts merges them with the other finders).
// Precision matters as much as recall: amounts, dates and reference numbers must survive, so every
// numeric identifier is confirmed by its checksum or structure, not by its shape alone.
// The "max" metadata validates the digits of a phone number, not just its length: that is what tells
// a phone number from an eight-digit amount or reference.
import { Metadata, isValidPhoneNumber, type CountryCode } from "libphonenumber-js/max";
import type { Candidate, PiiType } from "./pii-types";

// A number glued to a word or continuing a longer hyphenated/dotted number ("TXN-20240315-0042",
// "SGD 15,000", "1.2.3.4.5") is not an identifier of its own. ASCII only, so Thai or Chinese text
// written without spaces around an identifier does not hide it.
const NOT_AFTER = String.raw`(?<![A-Za-z0-9_+])(?<![A-Za-z0-9][-./,])`;
const NOT_BEFORE = String.raw`(?![A-Za-z0-9_])(?![-./,:][A-Za-z0-9])`;

function bounded(body: string, flags = "g"): RegExp {
  return new RegExp(NOT_AFTER + body + NOT_BEFORE, flags);
}

// Labels after which a bare number is a reference or an amount, not a phone number or SIN.
const REFERENCE_LABEL =
  /(?:\b(?:ref|reference|invoice|inv|txn|transaction|order|ticket|case|claim|batch|tracking|serial|account|acct|a\/c|policy|file|amount|total|balance)\s*(?:no\.?|number|id)?\s*[:#.-]?|\b(?:SGD|USD|CAD|MYR|RM|THB|IDR|Rp|PHP|VND|EUR|GBP)|[$€£฿₱₫])\s*$/i;
const CURRENCY_AFTER =
  /^\s*(?:SGD|USD|CAD|MYR|THB|IDR|PHP|VND|EUR|GBP|baht|dong|rupiah|pesos?|dollars?)\b/i;
const PHONE_LABEL =
  /(?:\b(?:tel|phone|mobile|mob|cell|call|contact|fax|hp|whatsapp|sms)\b|โทร|电话|手机)\W{0,3}(?:no\.?|number)?\W{0,3}$/i;

function labelBefore(label: RegExp, text: string, start: number): boolean {
  return label.test(text.slice(Math.max(0, start - 30), start));
}

function isReferenceOrAmount(text: string, start: number, end: number): boolean {
  return (
    labelBefore(REFERENCE_LABEL, text, start) || CURRENCY_AFTER.test(text.slice(end, end + 12))
  );
}

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

function digitAt(digits: string, index: number): number {
  return digits.charCodeAt(index) - 48;
}

function twoDigits(digits: string, index: number): number {
  return digitAt(digits, index) * 10 + digitAt(digits, index + 1);
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digitAt(digits, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Two-digit years cannot tell 1900 from 2000, so 29 February is accepted in every fourth year.
function isDate(yy: number, mm: number, dd: number): boolean {
  const days = DAYS_IN_MONTH[mm - 1];
  if (days === undefined || dd < 1 || dd > days) return false;
  return !(mm === 2 && dd === 29 && yy % 4 !== 0);
}

// --- Payment cards ------------------------------------------------------------------------------

// Issuer prefixes and lengths of the card schemes seen in the region (Visa, Mastercard, Amex,
// Discover, JCB, Diners, UnionPay, Maestro); a Luhn-valid number outside them is more likely a
// reference than a card.
function isKnownCardPrefix(digits: string): boolean {
  const n = digits.length;
  const two = twoDigits(digits, 0);
  const four = Number(digits.slice(0, 4));
  switch (digitAt(digits, 0)) {
    case 2:
      return n === 16 && ((four >= 2221 && four <= 2720) || (four >= 2200 && four <= 2204));
    case 3:
      if (two === 34 || two === 37) return n === 15;
      if (two === 35) return n >= 16;
      return (two === 30 || two === 36 || two === 38 || two === 39) && n >= 14;
    case 4:
      return n === 13 || n === 16 || n === 19;
    case 5:
      return two >= 51 && two <= 55 ? n === 16 : true;
    case 6:
      return n >= 16;
    default:
      return false;
  }
}

const CARD = bounded(
  String.raw`(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})`,
);

function isCard(match: string): boolean {
  const digits = digitsOf(match);
  return (
    digits.length >= 13 && digits.length <= 19 && isKnownCardPrefix(digits) && passesLuhn(digits)
  );
}

// --- IBAN -----------------------------------------------------------------------------------------

// ISO 13616 lengths from the SWIFT IBAN registry.
const IBAN_LENGTHS = new Map(
  (
    "AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 " +
    "DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 " +
    "IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 " +
    "MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 " +
    "SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30"
  )
    .split(" ")
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

// IBANs are printed in groups of four, or not grouped at all.
const IBAN = new RegExp(
  String.raw`(?<![A-Za-z0-9_])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9_])`,
  "g",
);

function isIban(match: string): boolean {
  const iban = match.replace(/ /g, "");
  if (IBAN_LENGTHS.get(iban.slice(0, 2)) !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    // Letters count as 10..35, i.e. two digits.
    remainder = code >= 65 ? (remainder * 100 + code - 55) % 97 : (remainder * 10 + code - 48) % 97;
  }
  return remainder === 1;
}

// --- Singapore NRIC / FIN -------------------------------------------------------------------------

const NRIC = /(?<![A-Za-z0-9_])[STFGM]\d{7}[A-Z](?![A-Za-z0-9_])/gi;
const NRIC_WEIGHTS = [2, 7, 6, 5, 4, 3, 2];
// ICA checksum letters indexed by the weighted sum modulo 11, per prefix series.
const NRIC_LETTERS: Record<string, { offset: number; letters: string }> = {
  S: { offset: 0, letters: "JZIHGFEDCBA" },
  T: { offset: 4, letters: "JZIHGFEDCBA" },
  F: { offset: 0, letters: "XWUTRQPNMLK" },
  G: { offset: 4, letters: "XWUTRQPNMLK" },
  M: { offset: 3, letters: "XWUTRQPNJLK" },
};

function isNric(match: string): boolean {
  const id = match.toUpperCase();
  const series = NRIC_LETTERS[id.charAt(0)];
  if (!series) return false;
  let sum = series.offset;
  NRIC_WEIGHTS.forEach((weight, i) => {
    sum += weight * digitAt(id, i + 1);
  });
  return series.letters.charAt(sum % 11) === id.charAt(8);
}

// --- Malaysian MyKad ------------------------------------------------------------------------------

const MYKAD = bounded(String.raw`\d{6}([ -]?)\d{2}\1\d{4}`);

// JPN place-of-birth codes (Jabatan Pendaftaran Negara): 01-16 and 21-59 are Malaysian states,
// 60-68, 71-72 and 74-79 foreign regions, 82 an unknown state, 83-99 further foreign regions.
// 00, 17-20, 69-70, 73 and 80-81 are not issued.
function isPlaceOfBirthCode(code: number): boolean {
  return (
    (code >= 1 && code <= 16) ||
    (code >= 21 && code <= 68) ||
    code === 71 ||
    code === 72 ||
    (code >= 74 && code <= 79) ||
    code >= 82
  );
}

function isMyKad(match: string): boolean {
  const digits = digitsOf(match);
  return (
    isDate(twoDigits(digits, 0), twoDigits(digits, 2), twoDigits(digits, 4)) &&
    isPlaceOfBirthCode(twoDigits(digits, 6))
  );
}

// --- Canadian SIN ---------------------------------------------------------------------------------

const SIN = bounded(String.raw`\d{3}([ -]?)\d{3}\1\d{3}`);

// "SIN", French "NAS" (numéro d'assurance sociale).
const SIN_LABEL =
  /(?:\b(?:SIN|NAS|social insurance(?: number)?|num[ée]ro d'assurance sociale)\b)\W{0,4}(?:no\.?|number|n°)?\W{0,3}$/i;

function isSin(match: string, text: string, start: number): boolean {
  const digits = digitsOf(match);
  const first = digitAt(digits, 0);
  if (first === 8 || !passesLuhn(digits)) return false;
  // No SIN is issued starting with 0, but CRA's own specimen (046 454 286) does, and learners copy
  // it: labelled as a SIN, it is one.
  if (first === 0) return labelBefore(SIN_LABEL, text, start);
  // One nine-digit reference in ten passes Luhn; an ungrouped one after a reference label is that.
  return digits.length !== match.length || !isReferenceOrAmount(text, start, start + match.length);
}

// --- Thai national ID -----------------------------------------------------------------------------

const THAI_ID = bounded(String.raw`[1-8]([ -]?)\d{4}\1\d{5}\1\d{2}\1\d`);

function isThaiId(match: string): boolean {
  const digits = digitsOf(match);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += digitAt(digits, i) * (13 - i);
  return (11 - (sum % 11)) % 10 === digitAt(digits, 12);
}

// --- Indonesian NIK -------------------------------------------------------------------------------

const CARD_WORD_BEFORE = /(?:card|kad|thẻ|carte|บัตร|卡|அட்டை)[^\d]{0,20}$/iu;

const NIK = bounded(String.raw`\d{16}`);

// Dukcapil province codes: Sumatra 11-19 and 21, Java 31-36, Bali and Nusa Tenggara 51-53,
// Kalimantan 61-65, Sulawesi 71-76, Maluku 81-82, Papua 91-97.
function isProvinceCode(code: number): boolean {
  return (
    (code >= 11 && code <= 19) ||
    code === 21 ||
    (code >= 31 && code <= 36) ||
    (code >= 51 && code <= 53) ||
    (code >= 61 && code <= 65) ||
    (code >= 71 && code <= 76) ||
    code === 81 ||
    code === 82 ||
    (code >= 91 && code <= 97)
  );
}

function isNik(digits: string): boolean {
  if (!isProvinceCode(twoDigits(digits, 0))) return false;
  if (digits.slice(2, 4) === "00" || digits.slice(4, 6) === "00") return false;
  if (digits.slice(12) === "0000") return false;
  const day = twoDigits(digits, 6);
  // Women's NIKs carry the day of birth plus 40.
  return isDate(twoDigits(digits, 10), twoDigits(digits, 8), day > 40 ? day - 40 : day);
}

// --- IP addresses ---------------------------------------------------------------------------------

const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IPV4 = new RegExp(
  String.raw`(?<![A-Za-z0-9_.])(?:${OCTET}\.){3}${OCTET}(?![A-Za-z0-9_]|\.\d)`,
  "g",
);
const IPV4_EXACT = new RegExp(String.raw`^(?:${OCTET}\.){3}${OCTET}$`);
// Candidates only, starting with two groups so hex-like words are passed over at once; isIpv6
// decides. The optional dotted tail is an embedded IPv4 address.
const IPV6 =
  /(?<![A-Za-z0-9_:.])(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:]{2,39}(?:\.\d{1,3}){0,3}(?![A-Za-z0-9_:]|\.\d)/g;
const HEXTET = /^[0-9A-Fa-f]{1,4}$/;

function isIpv6(candidate: string): boolean {
  let address = candidate;
  const lastColon = address.lastIndexOf(":");
  if (lastColon < 0 || address.indexOf(":") === lastColon) return false;
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    if (!IPV4_EXACT.test(tail)) return false;
    address = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
  if (!groups.every((group) => HEXTET.test(group))) return false;
  if (halves.length === 1) return groups.length === 8;
  // "::", "::1" or "a::b" identify nobody: a compressed address needs four hex digits to count.
  return groups.length <= 7 && groups.join("").length >= 4;
}

// --- Email ----------------------------------------------------------------------------------------

const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9_%+-][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;

// --- Phone numbers --------------------------------------------------------------------------------

// A run of digit groups joined by one space, dot or hyphen, or by parentheses, optionally after "+".
// Each joiner is a non-digit, so the run cannot backtrack catastrophically.
const PHONE = bounded(String.raw`(?:\+ ?|\()?\d+(?:(?:[ .-]|[ .-]?\(|\)[ .-]?)\d+)*`);
// Validating costs tens of microseconds a call (the library builds its patterns anew each time), so
// regions are tried only where the national number has a possible length, mobiles' usual region
// first. The order changes speed, not results: a valid number in any region is a phone number.
// Regions whose local numbers are written with the trunk prefix 0, by the digit after the 0.
const TRUNK_ZERO_REGIONS: Record<string, readonly CountryCode[]> = {
  "1": ["MY"],
  "2": ["TH", "VN", "PH", "ID"],
  "8": ["ID", "TH", "VN", "MY", "PH"],
  "9": ["PH", "VN", "TH", "MY", "ID"],
};
const OTHER_TRUNK_ZERO_REGIONS: readonly CountryCode[] = ["MY", "VN", "TH", "ID", "PH"];
const possibleLengthsByRegion = new Map<CountryCode, ReadonlySet<number>>();

function hasPossibleLength(region: CountryCode, nationalDigits: number): boolean {
  let lengths = possibleLengthsByRegion.get(region);
  if (!lengths) {
    const metadata = new Metadata();
    metadata.selectNumberingPlan(region);
    lengths = new Set(metadata.numberingPlan?.possibleLengths() ?? []);
    possibleLengthsByRegion.set(region, lengths);
  }
  return lengths.has(nationalDigits);
}

type PhoneValidator = (number: string, region?: CountryCode) => boolean;

// Case notes repeat the same number; one scan validates each number and region once.
function memoisedPhoneValidator(): PhoneValidator {
  const verdicts = new Map<string, boolean>();
  return (number, region) => {
    const key = `${region ?? ""} ${number}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = isValidPhoneNumber(number, region);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
}

const CONTAINS_DATE = /\b(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4})\b/;
const THOUSANDS = /^\d{1,3}(?:[.,]\d{3})+$/;
// "(416) 555-0199", "416-555-0199", "1 416 555 0199": how North American numbers are written.
const NORTH_AMERICAN_LAYOUT = /^(?:1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}$/;
// "(65) 9123 4567": one of the regions' country codes in brackets instead of after "+".
const BRACKETED_COUNTRY_CODE = /^\((?:65|60|66|62|63|84)\)/;

function isPhone(match: string, text: string, start: number, isValid: PhoneValidator): boolean {
  const digits = digitsOf(match);
  if (digits.length < 7 || digits.length > 15) return false;
  // With a country code the number is explicit, whatever the country.
  if (match.startsWith("+")) return isValid(match);
  if (
    CONTAINS_DATE.test(match) ||
    THOUSANDS.test(match) ||
    IPV4_EXACT.test(match) ||
    isReferenceOrAmount(text, start, start + match.length)
  ) {
    return false;
  }
  if (digits.startsWith("0")) {
    const regions = TRUNK_ZERO_REGIONS[digits.charAt(1)] ?? OTHER_TRUNK_ZERO_REGIONS;
    return regions.some(
      (region) => hasPossibleLength(region, digits.length - 1) && isValid(match, region),
    );
  }
  // Singapore numbers have no trunk prefix; its ten- and eleven-digit numbers are 1800 services.
  if (digits.length === 8 && isValid(match, "SG")) return true;
  if (BRACKETED_COUNTRY_CODE.test(match)) return isValid(`+${digits}`);
  // A bare ten-digit run is more often a reference than a North American phone number, unless it
  // is written as one or labelled as one.
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return (
    national.length === 10 &&
    (NORTH_AMERICAN_LAYOUT.test(match) || labelBefore(PHONE_LABEL, text, start)) &&
    isValid(match, "US")
  );
}

// --- Finding ------------------------------------------------------------------------------------

type Accept = (match: string, text: string, start: number) => boolean;

interface Detector {
  type: PiiType;
  pattern: RegExp;
  accept: Accept;
  // After a rejected match the search normally resumes one character later, so a card at the end of
  // a longer digit run is still found. Phone numbers do not: an eight-digit tail of a card-like run
  // would too often be a valid Singapore number.
  wholeRunOnly?: true;
  // Matches inside an item already found by a detector of higher priority cannot win; skipping
  // them spares the costly phone validation.
  skipInsideFound?: true;
}

// In priority order: when two findings cover the same characters the longer one wins (a card number
// is not half-eaten by the phone finder); on equal length the more specific type, earlier here, wins.
function detectors(isValidPhone: PhoneValidator): readonly Detector[] {
  return [
    { type: "EMAIL", pattern: EMAIL, accept: () => true },
    { type: "IBAN", pattern: IBAN, accept: isIban },
    { type: "SG_NRIC", pattern: NRIC, accept: isNric },
    { type: "MY_MYKAD", pattern: MYKAD, accept: isMyKad },
    { type: "TH_ID", pattern: THAI_ID, accept: isThaiId },
    // A number that is both (5366…, a card's and a Bali NIK's shape) is the card after a card's word.
    {
      type: "ID_NIK",
      pattern: NIK,
      accept: (match, text, start) =>
        isNik(match) &&
        !(isCard(match) && CARD_WORD_BEFORE.test(text.slice(Math.max(0, start - 30), start))),
    },
    { type: "CARD", pattern: CARD, accept: isCard },
    { type: "CA_SIN", pattern: SIN, accept: isSin },
    { type: "IP", pattern: IPV4, accept: () => true },
    { type: "IP", pattern: IPV6, accept: isIpv6 },
    {
      type: "PHONE",
      pattern: PHONE,
      accept: (match, text, start) => isPhone(match, text, start, isValidPhone),
      wholeRunOnly: true,
      skipInsideFound: true,
    },
  ];
}

/** Identifiers in the text; `rank` orders them after `firstRank` (lower wins a tie). */
export function findIdentifiers(text: string, found: Candidate[], firstRank: number): void {
  detectors(memoisedPhoneValidator()).forEach((detector, i) => {
    const { type, pattern, accept } = detector;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const skipped =
        detector.skipInsideFound && found.some((f) => f.start <= start && end <= f.end);
      if (!skipped && accept(m[0], text, start)) {
        found.push({ start, end, type, rank: firstRank + i });
      } else if (!detector.wholeRunOnly) {
        pattern.lastIndex = start + 1;
      }
    }
  });
}
