// Home and business addresses: a house or block number and a street, then the unit, district,
// city, province and postal code that follow it, in the ways Singapore, Malaysia, Thailand, Vietnam
// and Canada (English and French) write them; Chinese addresses ending in a street number.
// A street named without a number ("the Orchard Road branch", "rue Saint-Denis") is a place, not
// someone's address, and stays.
import type { Candidate } from "./pii-types";

const CAP = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*`;
const NUM = String.raw`\d{1,5}[A-Za-z]?(?:[/-]\d{1,5})*`;
// A unit written block-floor-unit opens a Malaysian address too: "B-7-3, Pangsapuri Seri Cempaka".
const HOUSE = String.raw`(?:(?:Blk|Block|Blok)\.?\s?[A-Z]?-?${NUM}|(?:No\.?|Lot|Unit|Nombor)\s?(?:[A-Z]-?)?${NUM}|[Ss]ố\s${NUM}|[A-Z]-\d{1,3}-\d{1,4}|${NUM})`;
// A Malaysian section code in a street's name: "Jalan Setia Prima U13/S", "Jalan SS 2/64".
const CODE = String.raw`[A-Z]{1,4}\d{1,4}[A-Za-z]?(?:/[A-Za-z0-9]{1,4})+`;
const STREET_TYPES =
  "Road|Rd|Street|St|Avenue|Ave|Drive|Dr|Lane|Ln|Crescent|Cres|Way|Walk|Close|Link|Boulevard|Blvd|Place|Pl|Court|Ct|Terrace|Rise|Heights|Circle|Square|Highway|Hwy|Parkway|Central|View|Grove|Gardens|Hill|Ring|Loop|Quay";
const STREET_WORDS =
  "Jalan|Jln\\.?|Lorong|Persiaran|Lebuh|Lebuhraya|Taman|Pangsapuri|Kampung|Kg\\.?|Moo|rue|avenue|av\\.|boulevard|boul\\.|chemin|ch\\.|rang|route|place|allée|impasse|quai|đường|phố|hẻm|ngõ|ngách|kiệt|Soi|Thanon";
// Longer first, each a whole word: "rue des Érables" is not "rue de" and "s Érables".
const PARTICLES = "(?:des|de|la|du)(?![\\p{L}])|d['’]|l['’]";

const VN_WARDS = "[Pp]hường|[Xx]ã|[Qq]uận|[Hh]uyện|P\\.|Q\\.";
// "1450 Bay Street", "Blk 123 Ang Mo Kio Ave 3", "4500, rue Sherbrooke Ouest", "số 12 đường Lê Lợi".
// Letters of a script written without spaces may touch it: "旧地址Blk 205 Toa Payoh North…".
const STREET_START = new RegExp(
  String.raw`(?<![\p{Script=Latin}\p{M}\p{N}$€£¥฿₫.,/-])${HOUSE},?\s(?:` +
    // A street type after capitalised words (and numbers): "Jurong West Street 42".
    String.raw`(?:(?:${CAP}|${NUM})\s){1,5}(?:${STREET_TYPES})\.?(?![\p{L}])` +
    // A block needs no street type: "Blk 205 Toa Payoh North #07-1150".
    String.raw`|(?<=(?:Blk|Block|Blok)\.?\s?[A-Z]?-?${NUM},?\s)(?:${CAP}\s){1,4}(?=#\d{1,3}-\d{1,5})` +
    // A building's name may stand between the unit and the street: "Unit B-12-07, Residensi
    // Harmoni, Jalan Kuchai Maju 8".
    String.raw`|(?:(?:${CAP}\s){1,3}${CAP},\s)?(?:${STREET_WORDS})\s(?:(?:${CODE}|${CAP}|${NUM}|${PARTICLES}|${STREET_WORDS})\s?){1,6}` +
    ")",
  "gu",
);
// Vietnam names a street without a word for it, then its ward or district: "27/4 Lê Văn Sỹ,
// Phường 13", the street being a person's name. A year or a day is no house number ("năm 2024
// Nguyễn Thị Lan, quận Ba Đình…").
const VN_STREET_START = new RegExp(
  String.raw`(?<![\p{L}\p{N}$€£¥฿₫.,/-]|(?:[Nn]gày|[Nn]ăm|[Tt]háng|[Ll]úc|[Ss]ố tiền)\s)` +
    String.raw`(?:(?:[Ss]ố\s)?(?!(?:19|20)\d\d\s)${NUM},?\s(?:${CAP}\s){0,4}${CAP}(?=,\s?(?:${VN_WARDS})\s)` +
    // "Tổ 7, khu phố 3, phường Tân Phong": a residents' group or hamlet, then the ward.
    String.raw`|(?:Tổ|Ấp|Thôn|Xóm)\s\d{1,4}(?=,\s?(?:[Kk]hu phố|${VN_WARDS})\s))`,
  "gu",
);
// What may follow the street in the same segment: a direction, a number, a unit.
const STREET_TAIL = new RegExp(
  String.raw`(?:\s(?:East|West|North|South|Est|Ouest|Nord|Sud|[NS]?[EW]|[NS]|\d{1,4}[A-Z]?)(?![\p{L}\p{N}]))*(?:,?\s?(?:#\d{1,3}-\d{1,5}|(?:Unit|Suite|app\.|apt\.|bureau)\s?\d{1,5}))?(?:,?\s(?:Singapore|S)\s?\(?\d{6}\)?(?!\d))?`,
  "uy",
);
// "Q.1" and "TP.HCM" are a district and a city, written close.
const ADMIN_WORDS =
  "phường|quận|huyện|xã|thị xã|tỉnh|thành phố|khu phố|ấp|thôn|tổ|TP\\.\\s?HCM|(?:P|Q)\\.\\s?\\d{1,2}|TP\\.|P\\.|Q\\.|app\\.|apt\\.|unit|suite|bureau";
const PROVINCES = "ON|BC|QC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU";
const CA_POSTCODE = String.raw`[A-Z]\d[A-Z]\s?\d[A-Z]\d`;
const TITLES = "Mr|Mrs|Ms|Mdm|Dr|Miss|M\\.|Mme|Mlle|Encik|Puan|Cik|Ông|Bà|Anh|Chị";
// One comma-separated part after the street: "Unit 2204", "Toronto", "ON M5R 2Y4",
// "47300 Petaling Jaya", "Montréal (Québec) H3Z 1E6", "phường Bến Nghé", "#12-05".
const SEGMENT_NUM = String.raw`\d{1,6}[A-Za-z]?(?:[/-]\d{1,5})*`;
const SEGMENT = new RegExp(
  String.raw`,\s?(?!(?:${TITLES})\s)(?:` +
    String.raw`(?:${CA_POSTCODE}|${PROVINCES}|#\d{1,3}-\d{1,5}|${SEGMENT_NUM}|${ADMIN_WORDS}|\(${CAP}\)|${CAP})` +
    // A word that ends a sentence ("Selangor. Bayaran…") ends the address.
    String.raw`(?:(?<!\p{Ll}{4}\.)\s(?:${CA_POSTCODE}|${PROVINCES}|#\d{1,3}-\d{1,5}|${SEGMENT_NUM}|\(${CAP}\)|${CAP}|${PARTICLES}))*` +
    ")(?![\\p{L}\\p{N}])",
  "uy",
);
const POSTCODE = new RegExp(String.raw`(?:^|\s)(?:${CA_POSTCODE}|\d{5,6})(?:\s|$)`, "u");

// With their short forms before a name, ต.บางพูด (ตำบล), อ. (อำเภอ), จ. (จังหวัด), ถ. (ถนน): not
// a date's month or weekday (14 ต.ค., 01 จ. 10).
const THAI_KEYWORDS =
  "ถนน|ซอย|ตำบล|แขวง|อำเภอ|เขต|จังหวัด|หมู่บ้าน|หมู่ที่|หมู่|อาคาร|กรุงเทพมหานคร|กรุงเทพฯ|กทม\\.|[ตอจถ]\\.(?=[\\u0E00-\\u0E7F]{3})";
const THAI_START = new RegExp(
  String.raw`(?<![\d/,.])\d{1,5}(?:/\d{1,5})?\s(?=(?:${THAI_KEYWORDS}))`,
  "gu",
);
const THAI_PART = new RegExp(
  String.raw`\s?(?:(?:${THAI_KEYWORDS})[\u0E00-\u0E7F]*|\d{5}(?!\d)|\d{1,4}(?![\d,.]))`,
  "uy",
);

// "上海市浦东新区世纪大道100号25楼2501室": a street (路, 街, 道, 巷) and its number, then floor and room.
// It begins after the word that introduces it ("地址为", "位于", "住在") or a punctuation mark.
// Malaysia writes a road's section (蕉赖路3段12号); Singapore a block, its unit and the postal
// district (宏茂桥3道第456座#07-23，邮区560456).
const CHINESE_ADDRESS =
  /(?<=[为于在是：:址住，。、\s]|^)(?![为于在是住址]|地址|位于)(?:[\u4e00-\u9fff]{1,6}[省市])?(?:[\u4e00-\u9fff]{1,5}[区县镇])?[\u4e00-\u9fff]{1,8}(?:(?:大道|路|街|道|巷|弄)(?:\d{1,3}段)?\d{1,5}号(?:\d{1,4}[楼层室座])*|\d{0,3}(?:道|街)?第?\d{1,5}座#\d{1,3}-\d{1,5})(?:[，,]?\s?邮区\s?\d{6})?/gu;

function latinAddresses(text: string, found: Candidate[], rank: number, start: RegExp): void {
  start.lastIndex = 0;
  for (let m = start.exec(text); m !== null; m = start.exec(text)) {
    let end = m.index + m[0].trimEnd().length;
    STREET_TAIL.lastIndex = end;
    const tail = STREET_TAIL.exec(text);
    if (tail) end += tail[0].length;
    let afterPostcode = false;
    for (let parts = 0; parts < 6; parts++) {
      SEGMENT.lastIndex = end;
      const segment = SEGMENT.exec(text);
      if (!segment) break;
      // After the postal code only a state or province may follow, in a word or two.
      if (afterPostcode && (/\d/.test(segment[0]) || segment[0].split(/\s+/).length > 3)) break;
      end += segment[0].length;
      if (POSTCODE.test(segment[0])) afterPostcode = true;
    }
    found.push({ start: m.index, end, type: "ADDRESS", rank });
    start.lastIndex = end;
  }
}

function thaiAddresses(text: string, found: Candidate[], rank: number): void {
  THAI_START.lastIndex = 0;
  for (let m = THAI_START.exec(text); m !== null; m = THAI_START.exec(text)) {
    let end = m.index + m[0].length;
    let parts = 0;
    for (;;) {
      THAI_PART.lastIndex = end;
      const part = THAI_PART.exec(text);
      if (!part) break;
      end += part[0].length;
      parts++;
      if (/^\s?\d{5}$/.test(part[0])) break;
    }
    if (parts > 0) found.push({ start: m.index, end, type: "ADDRESS", rank });
    THAI_START.lastIndex = end;
  }
}

function chineseAddresses(text: string, found: Candidate[], rank: number): void {
  CHINESE_ADDRESS.lastIndex = 0;
  for (let m = CHINESE_ADDRESS.exec(text); m !== null; m = CHINESE_ADDRESS.exec(text)) {
    found.push({ start: m.index, end: m.index + m[0].length, type: "ADDRESS", rank });
  }
}

export function findAddresses(text: string, found: Candidate[], rank: number): void {
  latinAddresses(text, found, rank, STREET_START);
  latinAddresses(text, found, rank, VN_STREET_START);
  thaiAddresses(text, found, rank);
  chineseAddresses(text, found, rank);
}
