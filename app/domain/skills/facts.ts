// The facts a learner's (scrubbed) case notes hold, for a draft built from them (issue 45): who, by
// placeholder and role; accounts; amounts and currencies; counts; dated events in the order given;
// channels; counterparties and places; what the customer said; actions taken. Nothing is inferred
// beyond the words of the notes: a fact is a phrase or a sentence the notes contain.

export const FACT_KINDS = [
  "people",
  "profile",
  "amounts",
  "counts",
  "timeline",
  "accounts",
  "channels",
  "counterparties",
  "places",
  "redFlags",
  "method",
  "statements",
  "actions",
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface Person {
  placeholder: string;
  roles: string[];
  /** "a freelance graphic designer": what the notes say the person is, next to the name. */
  described?: string;
}

export interface Amount {
  text: string;
  currency: string | null;
}

export interface DatedEvent {
  date: string;
  sentence: string;
}

export interface RedFlagRule {
  label: string;
  cues: readonly string[];
  typology?: string;
}

export interface RedFlag {
  label: string;
  evidence: string;
  typology?: string;
}

export interface CaseFacts {
  sentences: string[];
  people: Person[];
  profile: string[];
  amounts: Amount[];
  counts: string[];
  timeline: DatedEvent[];
  accounts: string[];
  channels: string[];
  counterparties: string[];
  places: string[];
  redFlags: RedFlag[];
  statements: string[];
  actions: string[];
}

// --- Sentences ----------------------------------------------------------------------------------

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 1);
}

const unique = <T>(items: T[]) => [...new Set(items)];

// --- People ---------------------------------------------------------------------------------------

const ROLES: readonly [string, RegExp][] = [
  [
    "account holder",
    /account holder|pemegang akaun|chủ tài khoản|titulaire|账户持有人|ผู้ถือบัญชี|கணக்கு வைத்திருப்பவர்/iu,
  ],
  [
    "beneficial owner",
    /beneficial owner|pemilik benefisial|chủ sở hữu hưởng lợi|bénéficiaire effectif|实益拥有人|ผู้รับผลประโยชน์ที่แท้จริง/iu,
  ],
  ["customer", /customer|client|pelanggan|khách hàng|客户|ลูกค้า|வாடிக்கையாளர்/iu],
  ["director", /director|pengarah|giám đốc|directeur|董事|กรรมการ|இயக்குநர்/iu],
  [
    "spouse",
    /wife|husband|spouse|isteri|suami|vợ|chồng|épouse|mari|其妻|丈夫|ภรรยา|สามี|மனைவி|கணவர்/iu,
  ],
  ["child", /\bson\b|daughter|anak|con trai|con gái|fils|fille|儿子|女儿|其女|บุตร|ลูกสาว|மகன்|மகள்/iu],
  ["parent", /father|mother|bapa|ibu|père|mère|父亲|母亲/iu],
  ["sibling", /brother|sister|abang|kakak|adik|弟弟|哥哥|姐姐|妹妹/iu],
  ["relative", /cousin|grandson|granddaughter|nephew|niece|relative|உறவினர்/iu],
  [
    "sender",
    /remitter|sender|pengirim|người gửi|người chuyển|donneu(?:r|se) d['’]ordre|汇款人|ผู้โอน|அனுப்புநர்/iu,
  ],
  [
    "recipient",
    /beneficiary|recipient|payee|penerima|người nhận|bénéficiaire|收款人|受益人|ผู้รับเงิน/iu,
  ],
  ["guarantor", /guarantor|penjamin/iu],
  ["introducer", /introducer/iu],
  ["signatory", /signatory|co-signatory|joint holder|cotitulaire/iu],
  ["relationship manager", /relationship manager|客户经理/iu],
  ["complainant", /complainant|victim/iu],
  ["business partner", /business partner|partner|shareholder|actionnaire|cổ đông|ผู้ถือหุ้น/iu],
];

const PERSON = /\[PERSON \d+\]/gu;

function rolesBefore(before: string): string[] {
  // The role closest to the name, within its clause: "His wife, [PERSON 2]".
  const clause = before.split(/[.;。；]/u).at(-1) ?? "";
  const near = clause.slice(-45);
  return ROLES.filter(([, pattern]) => pattern.test(near)).map(([role]) => role);
}

function peopleOf(text: string): Person[] {
  const people = new Map<string, Person>();
  for (const m of text.matchAll(PERSON)) {
    const placeholder = m[0];
    const person = people.get(placeholder) ?? { placeholder, roles: [] };
    person.roles = unique([...person.roles, ...rolesBefore(text.slice(0, m.index))]);
    const after = text.slice(m.index + placeholder.length);
    // "[PERSON 1], a freelance graphic designer," or "[PERSON 1] registered as a sole proprietor".
    const described =
      /^\s*,\s*((?:an?|the)\s[^,.;()]{3,70}?)\s*[,.;]/u.exec(after) ??
      /^\s+(?:\w+\s)?as\s((?:an?|the)\s[^,.;()]{3,40}?)(?=\s(?:selling|and|who|with|for|at|in)\b|[,.;])/u.exec(
        after,
      );
    if (described && !person.described) person.described = described[1];
    people.set(placeholder, person);
  }
  return [...people.values()];
}

// --- Amounts and counts -------------------------------------------------------------------------

const NUMBER = String.raw`\d{1,3}(?:[,.\u00A0 ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
const RANGE = String.raw`(?:\s?[–-]\s?(?:${NUMBER}))?`;
const SCALE = String.raw`(?:\s?(?:million|billion|juta|bilion|ล้าน|tỷ|triệu|万|亿|m\b|k\b))?`;
const CODE_BEFORE = String.raw`SGD|USD|CAD|MYR|THB|VND|IDR|PHP|EUR|GBP|HKD|CNY|RMB|RM|S\$|US\$|C\$|Rp|€|£|฿|₫|\$`;
const CODE_AFTER = String.raw`SGD|USD|CAD|MYR|THB|VND|IDR|PHP|EUR|\$\s?(?:CA|US)?|baht|บาท|đồng|dollars?|ringgit|VNĐ`;
const CHINESE_CURRENCY = "新币|新元|马币|加币|美元|人民币|港币|泰铢|越南盾";
const AMOUNT = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])(?:${CODE_BEFORE})\s?(?:${NUMBER})${RANGE}${SCALE}`,
    String.raw`(?<![\p{L}\p{N}.,])(?:${NUMBER})${RANGE}${SCALE}\s?(?:${CODE_AFTER})(?![\p{L}])`,
    String.raw`(?:${CHINESE_CURRENCY})\s?(?:${NUMBER})${SCALE}元?`,
  ].join("|"),
  "gu",
);

const CURRENCIES: readonly [RegExp, string][] = [
  [/SGD|S\$|新币|新元/u, "SGD"],
  [/MYR|RM|ringgit|马币/iu, "MYR"],
  [/THB|baht|บาท|฿|泰铢/iu, "THB"],
  [/VND|đồng|VNĐ|₫|越南盾/iu, "VND"],
  [/CAD|C\$|\$\s?CA|加币/u, "CAD"],
  [/USD|US\$|\$\s?US|美元/u, "USD"],
  [/IDR|Rp/u, "IDR"],
  [/PHP/u, "PHP"],
  [/EUR|€/u, "EUR"],
  [/GBP|£/u, "GBP"],
  [/HKD|港币/u, "HKD"],
  [/CNY|RMB|人民币/u, "CNY"],
];

function currencyOf(amount: string): string | null {
  return CURRENCIES.find(([pattern]) => pattern.test(amount))?.[1] ?? null;
}

const COUNT = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|multiple)\s(?:(?:different|separate|unrelated|new|cash|outward|inward|incoming|outgoing|other|e-)\s?)*(?:transfers?|deposits?|withdrawals?|payments?|credits?|debits?|transactions?|senders?|individuals?|people|accounts?|cheques?|wires?|e-transfers?|remittances?|TTs?|purchases?|recall requests?|alerts?|branches|companies|mule accounts?)(?![\p{L}])`,
  "giu",
);

// --- Dates ----------------------------------------------------------------------------------------

const MONTH =
  "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|Januari|Februari|Mac|Mei|Julai|Ogos|Oktober|Disember|มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม";
const DATE = new RegExp(
  [
    String.raw`\d{1,2}[./-]\d{1,2}[./-]\d{2,4}`,
    String.raw`\d{4}-\d{1,2}-\d{1,2}`,
    String.raw`\d{1,2}(?:\s(?:and|to|–|-|au|dan|đến)\s\d{1,2})?\s(?:${MONTH})(?:\s\d{4})?`,
    String.raw`(?:${MONTH})\s\d{1,2}(?:,\s\d{4})?`,
    String.raw`(?:in|since|from|until|by|early|late|mid-|en|pada)\s(?:${MONTH})(?:\s\d{4})?`,
    String.raw`\d{4}\s?年\s?\d{1,2}\s?月(?:\s?\d{1,2}\s?日)?|\d{1,2}月\d{1,2}日`,
    String.raw`ngày\s\d{1,2}(?:/\d{1,2})?(?:/\d{4})?|tháng\s\d{1,2}(?:/\d{4})?`,
    String.raw`(?:Q[1-4]|H[12])\s\d{4}`,
  ].join("|"),
  "gu",
);
const HAS_YEAR = /(?:19|20|25)\d{2}/u;

// --- Channels, counterparties, places -------------------------------------------------------

const CHANNELS: readonly [string, RegExp][] = [
  ["mobile app", /mobile app|\bthe app\b|ứng dụng|แอป|手机应用|aplikasi/iu],
  [
    "online banking",
    /online banking|internet banking|e-banking|ngân hàng trực tuyến|网上银行|banque en ligne|perbankan dalam talian|இணைய வங்கி/iu,
  ],
  ["branch", /\bbranch|cawangan|chi nhánh|succursale|分行|สาขา|கிளை/iu],
  ["ATM", /\bATM\b/u],
  ["cash", /\bcash\b|tunai|tiền mặt|espèces|现金|เงินสด|ரொக்க/iu],
  [
    "wire or telegraphic transfer",
    /\bwires?\b|telegraphic|\bTTs?\b|SWIFT|virement|pindahan telegrafik|电汇|chuyển .{0,10}USD/iu,
  ],
  ["Interac e-Transfer", /e-transfers?|Interac/iu],
  ["instant payments (PayNow, FAST, DuitNow, PromptPay)", /PayNow|\bFAST\b|DuitNow|PromptPay/u],
  [
    "virtual asset platform",
    /crypto|virtual asset|加密货币|คริปโต|tiền mã hoá|mã hóa|cryptomonnaie|kripto|கிரிப்டோ/iu,
  ],
  ["remittance agent", /remittance|money changer|pengirim wang/iu],
  ["cheque", /cheque|chèque|支票|เช็ค/iu],
  ["payment card", /\bcard\b|\bkad\b|\bthẻ\b|\bcarte\b|信用卡|บัตร(?!ประชาชน)|அட்டை/iu],
  ["gift cards", /gift cards?|cartes-cadeaux|礼品卡|บัตรของขวัญ|thẻ quà tặng/iu],
  ["gold or jewellery", /\bgold\b|jewell?ery|\bemas\b|\bvàng\b|\bl'or\b|金条|ทองคำ|ทอง|தங்கம்/iu],
  ["e-wallet", /e-wallet|\bví\b|กระเป๋า|dompet/iu],
];

const COMPANY = new RegExp(
  [
    String.raw`(?:\p{Lu}[\p{L}\p{M}'’&.-]*\s){1,5}(?:Pte\.? Ltd\.?|Sdn\.? Bhd\.?|Bhd|Ltd\.?|Limited|Inc\.?|Corp\.?|LLC|LLP|ltée|inc\.)(?![\p{L}])`,
    String.raw`บริษัท\s?[\u0E00-\u0E7F ]{2,40}?จำกัด`,
    String.raw`[Cc]ông ty(?:\s(?:TNHH|Cổ phần))?(?:\s\p{Lu}[\p{L}\p{M}]*){1,5}`,
    String.raw`[\u4e00-\u9fff]{2,12}(?:私人有限公司|有限公司|公司)`,
  ].join("|"),
  "gu",
);
const OTHER_PARTIES =
  /crypto exchange|virtual asset (?:platform|service provider)|remittance agent|money changer|exchange in [A-Z][a-z]+|shell compan(?:y|ies)|mule accounts?/giu;

const PLACES =
  "Singapore|Malaysia|Thailand|Vietnam|Viet Nam|Canada|Indonesia|Philippines|Hong Kong|China|Dubai|United Arab Emirates|Cayman Islands|Cayman|Labuan|Cambodia|Myanmar|Laos|India|Chennai|Australia|United States|USA|United Kingdom|London|Florida|Kuala Lumpur|Johor Bahru|Penang|Selangor|Bangkok|Pattaya|Hat Yai|Chiang Mai|Ho Chi Minh City|Hanoi|Hà Nội|Đà Nẵng|Toronto|Vancouver|Montréal|Montreal|Québec|Quebec|Ottawa|Calgary|Laval|Paris|Batam|Macau|Campuchia|Hồng Kông|Cần Thơ|香港|迪拜|纳闽|开曼群岛|กัมพูชา|ฮ่องกง|หมู่เกาะเคย์แมน|พัทยา|หาดใหญ่|துபாய்";
const PLACE = new RegExp(String.raw`(?<![\p{L}])(?:${PLACES})(?![\p{L}])`, "gu");

// --- Sentences of a kind --------------------------------------------------------------------

const PROFILE =
  /declared|occupation|self-employed|freelance|\bbusiness\b|income|salary|turnover|rated (?:low|medium|high)|customer since|opened (?:a|an|the|his|her) [\w -]{0,30}account|sole proprietor|khai|déclaré|profil|pekerjaan|gaji|申报|自称|อาชีพ|ทำงาน|tài xế|chauffeur|retired|student|teacher|guru|ครู/iu;
const STATEMENT =
  /\bsaid\b|\bsays\b|explained|\btold\b|claimed|stated|denies|denied|admitted|confirmed|berkata|menyatakan|mengaku|cho biết|xác nhận|a déclaré|a dit|a confirmé|affirme|称|表示|确认|แจ้งว่า|ยืนยันว่า|กล่าว|கூறினார்|உறுதிப்படுத்தினார்|"[^"]{3,}"|“[^”]{3,}”/iu;
const ACTION =
  /\bcalled\b|spoke (?:to|with)|contacted|recall request|\bfiled\b|\bSTR\b|suspicious transaction report|froze|frozen|restrict|\bblocked\b|\bhold\b|\bheld\b|escalat|reviewed|\breview\b|exit|closed the (?:account|alert)|alerted|requested (?:documents|information)|notified|informed|dimaklumkan|phong toả|bloqué|déclaration|报告|申报|冻结|อายัด|ระงับ|ยื่น|தாக்கல்/iu;

function matching(sentences: readonly string[], pattern: RegExp): string[] {
  return sentences.filter((sentence) => pattern.test(sentence));
}

function allMatches(text: string, pattern: RegExp): string[] {
  return unique([...text.matchAll(pattern)].map((m) => m[0].trim()));
}

export function compileCues(cues: readonly string[]): RegExp | null {
  return cues.length ? new RegExp(cues.join("|"), "iu") : null;
}

export function redFlagsIn(sentences: readonly string[], rules: readonly RedFlagRule[]): RedFlag[] {
  const out: RedFlag[] = [];
  for (const rule of rules) {
    const pattern = compileCues(rule.cues);
    const evidence = pattern && sentences.find((sentence) => pattern.test(sentence));
    if (evidence) out.push({ label: rule.label, evidence, typology: rule.typology });
  }
  return out;
}

/** The facts of the notes; `redFlagRules` are the skill's list of red flags to look for. */
export function extractFacts(text: string, redFlagRules: readonly RedFlagRule[] = []): CaseFacts {
  const sentences = sentencesOf(text);
  const timeline: DatedEvent[] = [];
  for (const sentence of sentences) {
    const dates = allMatches(sentence, DATE);
    if (dates.length) timeline.push({ date: dates.join(", "), sentence });
  }
  const accounts = allMatches(text, /\[(?:ACCOUNT|IBAN|CARD) \d+\]/gu);
  return {
    sentences,
    people: peopleOf(text),
    profile: matching(sentences, PROFILE),
    amounts: allMatches(text, AMOUNT).map((amount) => ({
      text: amount,
      currency: currencyOf(amount),
    })),
    counts: allMatches(text, COUNT),
    timeline,
    accounts,
    channels: CHANNELS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name),
    counterparties: unique([...allMatches(text, COMPANY), ...allMatches(text, OTHER_PARTIES)]),
    places: allMatches(text, PLACE),
    redFlags: redFlagsIn(sentences, redFlagRules),
    statements: matching(sentences, STATEMENT),
    actions: matching(sentences, ACTION),
  };
}

export function hasYear(facts: CaseFacts): boolean {
  return facts.timeline.some((event) => HAS_YEAR.test(event.date));
}
