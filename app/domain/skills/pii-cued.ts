// Personal data that only its label tells apart from an ordinary date or number: dates of birth,
// account numbers and passport numbers. Each needs its cue ("DOB", "account no.", "passport",
// and their Malay, French, Vietnamese, Thai, Chinese and Tamil forms) right before it, so a
// transaction date, an amount or a case reference is never taken for one.
import type { Candidate, PiiType } from "./pii-types";

const MONTHS = [
  // English
  "January|February|March|April|May|June|July|August|September|October|November|December",
  "Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec",
  // French
  "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre",
  // Malay
  "Januari|Februari|Mac|Mei|Julai|Ogos|Oktober|Disember",
  // Thai
  "มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม",
  "ม\\.ค\\.|ก\\.พ\\.|มี\\.ค\\.|เม\\.ย\\.|พ\\.ค\\.|มิ\\.ย\\.|ก\\.ค\\.|ส\\.ค\\.|ก\\.ย\\.|ต\\.ค\\.|พ\\.ย\\.|ธ\\.ค\\.",
  // Tamil
  "ஜனவரி|பிப்ரவரி|மார்ச்|ஏப்ரல்|மே|ஜூன்|ஜூலை|ஆகஸ்ட்|செப்டம்பர்|அக்டோபர்|நவம்பர்|டிசம்பர்",
].join("|");

// A whole date: day, month and year (a year alone, "born in 1968", identifies far less).
const DATE = new RegExp(
  [
    String.raw`\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?![\d/-])(?!\.\d)`,
    String.raw`\d{4}[./-]\d{1,2}[./-]\d{1,2}(?![\d/-])(?!\.\d)`,
    String.raw`\d{1,2}(?:er)?\s(?:${MONTHS})\.?,?\s\d{4}(?!\d)`,
    String.raw`(?:${MONTHS})\.?\s\d{1,2},?\s\d{4}(?!\d)`,
    String.raw`\d{4}\s?年\s?\d{1,2}\s?月\s?\d{1,2}\s?[日号]`,
    String.raw`(?:ngày\s)?\d{1,2}\stháng\s\d{1,2}(?:\snăm|,)?\s\d{4}(?!\d)`,
  ].join("|"),
  "iuy",
);

// A cue, then what may stand between it and the value ("on", "le", ":", "no.").
function cue(alternatives: string, filler: string): RegExp {
  return new RegExp(
    String.raw`(?<![\p{L}\p{M}])(?:${alternatives})(?![\p{L}\p{M}])[\s:：#(（,]*(?:(?:${filler})(?![\p{L}\p{M}])[\s:：#.(（,]*)?`,
    "giu",
  );
}
// Thai, Chinese and Tamil are written without spaces or with suffixes: no word boundary after.
function cueNoBoundary(alternatives: string, filler: string): RegExp {
  return new RegExp(String.raw`(?:${alternatives})[\s:：#(（,]*(?:(?:${filler})[\s:：#.]*)?`, "gu");
}

const DOB_CUES = [
  cue(
    String.raw`DOB|D\.O\.B\.?|date of birth|birth ?date|birthday|born|née|né|date de naissance|DDN|tarikh lahir|t\.l\.|lahir pada|lahir|dilahirkan|ngày sinh|sinh ngày|sinh`,
    String.raw`on|le|pada|vào|là|ngày`,
  ),
  cueNoBoundary(
    String.raw`เกิดวันที่|เกิดเมื่อ|วันเกิด|วันเดือนปีเกิด|เกิด|出生日期|出生年月日|出生于|生于|出生|生日|பிறந்த தேதி|பிறந்தது`,
    String.raw`วันที่|为|是`,
  ),
];

// Banks named between an account's cue and its number.
const BANKS =
  "CIMB|Maybank|RHB|HSBC|OCBC|UOB|DBS|POSB|BSN|AmBank|Public Bank|Hong Leong|Bank Islam|Bank Rakyat|Techcombank|Vietcombank|BIDV|VietinBank|Agribank|ACB|Sacombank|TPBank|VPBank|RBC|TD|BMO|CIBC|Scotiabank|Desjardins|Kasikorn|KBank|SCB|Krungthai|Krungsri|Bangkok Bank";

const ACCOUNT_CUES = [
  cue(
    String.raw`account|acct\.?|acc\.?(?=\s?no)|a/c|a/k|akaun|compte|numéro de compte|tài khoản|STK|số TK|TK|savings|chequing|checking`,
    // "a/k CIMB 8010437625", "TK Techcombank 19036628471012", "le compte bénéficiaire (00231-…)",
    // "akaun simpanan 5621…", "ke akaun yang sama, 8007…", "POSB savings 188-52034-7".
    String.raw`no\.?|number|num[ée]ro|n°|#|bernombor|số|bénéficiaire|destinataire|penerima|simpanan|semasa|yang sama|account|chèques|épargne|tiết kiệm|thanh toán|${BANKS}`,
  ),
  cueNoBoundary(
    String.raw`บัญชีเลขที่|เลขที่บัญชี|เลขบัญชี|บัญชี|银行账号|银行账户|账户|账号|帐号|帐户|户口号码|户口|户头|கணக்கு எண்|கணக்கு`,
    String.raw`เลขที่|为|是|号码|எண்`,
  ),
];

const PASSPORT_CUES = [
  cue(
    String.raw`passport|pasport|passeport|hộ chiếu|PP`,
    // "passeport canadien GA518273", "Malaysian passport no.", "pasport Indonesia C7265413".
    String.raw`no\.?|number|num[ée]ro|n°|nombor|số|(?:canadien|malaisien|singapourien|vietnamien|thaïlandais|chinois|français|indien|coréen|cambodgien|philippin|indonésien)n?e?|Việt Nam|Malaysia|Singapore|Indonesia|Filipina|Philippines|Kemboja|Cambodia|Myanmar|Bangladesh|Nepal|India|China`,
  ),
  cueNoBoundary(String.raw`护照|หนังสือเดินทาง|พาสปอร์ต|கடவுச்சீட்டு`, String.raw`号码|号|เลขที่|எண்|为|是`),
];

// Digit groups joined by single spaces or hyphens, 6 to 20 digits.
// Chinese and Thai letters may touch the number; Latin ones may not.
const ACCOUNT_NUMBER = /\d+(?:[ -]\d+){0,5}(?![\d,.]\d)(?![A-Za-z0-9])/uy;
// A letter may close it too (P4827163A, the Philippines'); some countries' are digits only (the
// United Kingdom's nine).
const PASSPORT_NUMBER = /(?:[A-Z]{1,2}\d{6,9}[A-Z]?|\d{8,9})(?![A-Za-z0-9])/uy;
const CURRENCY_AFTER = /^\s*(?:SGD|USD|CAD|MYR|RM|THB|VND|EUR|baht|บาท|đồng|dollars?|\$|元)/iu;

function valueAfterCues(
  text: string,
  cues: readonly RegExp[],
  value: RegExp,
  accept: (match: string, end: number) => boolean,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const pattern of cues) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const at = m.index + m[0].length;
      value.lastIndex = at;
      const found = value.exec(text);
      if (found && accept(found[0], at + found[0].length)) {
        out.push({ start: at, end: at + found[0].length });
      }
      if (m[0].length === 0) pattern.lastIndex++;
    }
  }
  return out;
}

function isAccountNumber(text: string) {
  return (match: string, end: number): boolean => {
    const digits = match.replace(/\D/g, "").length;
    return digits >= 6 && digits <= 20 && !CURRENCY_AFTER.test(text.slice(end, end + 8));
  };
}

// Thai banks write an account number as 3, 1, 5 and 1 digits (068-2-41937-5): that shape is an
// account wherever it stands, never a phone number.
const THAI_ACCOUNT = /(?<![\d-])\d{3}-\d-\d{5}-\d(?![\d-])/gu;

export function findCued(
  text: string,
  found: Candidate[],
  ranks: Record<"DOB" | "ACCOUNT" | "PASSPORT", number>,
): void {
  const push = (type: PiiType, spans: { start: number; end: number }[]) => {
    for (const span of spans)
      found.push({ ...span, type, rank: ranks[type as keyof typeof ranks] });
  };
  push(
    "DOB",
    valueAfterCues(text, DOB_CUES, DATE, () => true),
  );
  push("ACCOUNT", valueAfterCues(text, ACCOUNT_CUES, ACCOUNT_NUMBER, isAccountNumber(text)));
  push(
    "ACCOUNT",
    [...text.matchAll(THAI_ACCOUNT)].map((m) => ({ start: m.index, end: m.index + m[0].length })),
  );
  push(
    "PASSPORT",
    valueAfterCues(text, PASSPORT_CUES, PASSPORT_NUMBER, () => true),
  );
}
