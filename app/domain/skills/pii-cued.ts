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

// A cue, then what may stand between it and the value: up to two fillers ("on", "le", ":", "no.",
// "savings", a bank's name), quotation marks and brackets.
function cue(alternatives: string, filler: string): RegExp {
  return new RegExp(
    String.raw`(?<![\p{L}\p{M}])(?:${alternatives})(?![\p{L}\p{M}])[\s:：#(（,"”“]*(?:(?:${filler})(?![\p{L}\p{M}])[\s:：#.(（,"”“]*){0,2}`,
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

// Banks named between an account's cue and its number, or right before the number alone.
const BANKS =
  "CIMB|Maybank|RHB|HSBC|OCBC|UOB|DBS|POSB|BSN|AmBank|Public Bank|Hong Leong|Bank Islam|Bank Rakyat|Bank Muamalat|Alliance Bank|Affin Bank|Agrobank|GXBank|Techcombank|Vietcombank|BIDV|VietinBank|Agribank|ACB|Sacombank|TPBank|VPBank|MB Bank|ACLEDA Bank|RBC|TD|BMO|CIBC|Scotiabank|Desjardins|BNC|Banque Nationale|National Bank|Tangerine|Kasikorn|KBank|SCB|ttb|Krungthai|Krungsri|Bangkok Bank|BDO|BPI|Metrobank|Bank Central Asia|BCA|Mandiri|BRI|BNI|Standard Chartered|Citibank|Hang Seng";
// The same in Thai and Chinese, written against the number or with a space.
const BANKS_WRITTEN =
  "ไทยพาณิชย์|กสิกรไทย|กสิกร|กรุงเทพ|กรุงไทย|กรุงศรี|ทหารไทย|ออมสิน|中银|中銀|恒生|汇丰|匯豐|滙豐|建行|工行|农行|農行|招行|星展|华侨|華僑|大华|大華|马银|馬銀|联昌|聯昌";

const ACCOUNT_CUES = [
  cue(
    String.raw`account|acct\.?|acc\.?(?=\s?no)|a/c|a/k|akaun|compte|numéro de compte|folio|tài khoản|STK|số TK|TK|savings|chequing|checking|FD`,
    // "a/k CIMB 8010437625", "TK Techcombank 19036628471012", "le compte bénéficiaire (00231-…)",
    // "akaun simpanan 5621…", "ke akaun yang sama, 8007…", "POSB savings 188-52034-7".
    String.raw`no\.?|number|num[ée]ro|n°|#|bernombor|số|bénéficiaire|destinataire|penerima|simpanan|semasa|yang sama|bersama|selamat|account|chèques|épargne|conjoint|commun|tiết kiệm|thanh toán|chung|nhận(?: cọc)?|người nhận|nguoi nhan|${BANKS}`,
  ),
  cueNoBoundary(
    String.raw`บัญชีเลขที่|เลขที่บัญชี|เลขบัญชี|บัญชี|银行账号|银行账户|账户|账号|帐号|帐户|户口号码|户口|户头|戶口|帳戶|帳號|賬戶|賬號|கணக்கு எண்|கணக்கு`,
    String.raw`เลขที่|为|是|号码|號碼|எண்|${BANKS_WRITTEN}`,
  ),
  // A bank's name right before a number: "DBS 027-913845-6", "Maybank 5621 4409 8813", "中銀 012-…".
  cue(BANKS, ""),
  cueNoBoundary(BANKS_WRITTEN, ""),
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

// Shapes that are accounts wherever they stand, never a phone number or a date: Thai banks' 3, 1, 5
// and 1 digits (068-2-41937-5); Singapore's and Thai banks' 3, 5 or 6, and 1 to 3 (027-913845-6,
// 550-138274-001, 409-622718-3); Canada's institution, transit and account (815-30112-0982241);
// Hong Kong's bank, branch and account (004-512-338170-838, 012-579-2-004418-3).
const ACCOUNT_SHAPES =
  /(?<![\d-])(?:\d{3}-\d-\d{5}-\d|\d{3}-\d{5,6}-\d{1,3}|\d{3}-\d{5}-\d{7}|\d{3}-\d{3}-\d{6}-\d{3}|\d{3}-\d{3}-\d-\d{6}-\d)(?![\d-])/gu;

// A number, then its bank or its holder's name in brackets: "0721 8834 5519 (OCBC)", "…（戶名 黃小玲）".
const BANK_AFTER = new RegExp(
  String.raw`(?<![\d-])\d+(?:[ -]\d+){0,5}(?=\s?[(（]\s?(?:${BANKS}|${BANKS_WRITTEN}|户名|戶名)(?![\p{L}\p{M}]))`,
  "giu",
);

// A table written as text, its cells between "|": under a column headed "Account", "Akaun", "戶口",
// "Compte", "TK" or "บัญชี", a number is an account.
const ACCOUNT_HEADER =
  /^(?:account(?: no\.?| number)?|acct\.?|a\/c(?: no\.?)?|akaun|no\.? akaun|戶口|户口|账号|帳號|账户|帳戶|compte|folio|TK|STK|số TK|số tài khoản|tài khoản|บัญชี|เลขบัญชี|கணக்கு(?: எண்)?)$/iu;
const CELL_NUMBER = /^\d+(?:[ -]\d+){0,5}$/u;

function tableAccounts(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let column = -1;
  let offset = 0;
  for (const line of text.split("\n")) {
    const cells = line.split("|");
    const header = cells.findIndex((cell) => ACCOUNT_HEADER.test(cell.trim()));
    if (header >= 0) column = header;
    else if (column >= 0 && cells.length > column) {
      const at = cells.slice(0, column).reduce((sum, cell) => sum + cell.length + 1, 0);
      const cell = cells[column] ?? "";
      const value = cell.trim();
      const digits = value.replace(/\D/gu, "").length;
      if (CELL_NUMBER.test(value) && digits >= 6 && digits <= 20) {
        const start = offset + at + cell.indexOf(value);
        out.push({ start, end: start + value.length });
      }
    } else if (cells.length < 2) column = -1;
    offset += line.length + 1;
  }
  return out;
}

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
    [...text.matchAll(ACCOUNT_SHAPES)].map((m) => ({ start: m.index, end: m.index + m[0].length })),
  );
  push("ACCOUNT", tableAccounts(text));
  push(
    "ACCOUNT",
    [...text.matchAll(BANK_AFTER)]
      .filter((m) => isAccountNumber(text)(m[0], m.index + m[0].length))
      .map((m) => ({ start: m.index, end: m.index + m[0].length })),
  );
  push(
    "PASSPORT",
    valueAfterCues(text, PASSPORT_CUES, PASSPORT_NUMBER, () => true),
  );
}
