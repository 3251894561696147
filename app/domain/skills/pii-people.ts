// People's names in case notes, by context and by pattern together:
// - after a title (Mr, Mdm, Encik, Puan, Datuk, Khun, Ông, Bà, Anh, Chị, M., Mme, นาย, นาง, นางสาว,
//   คุณ, திரு, திருமதி, செல்வி; 先生, 女士 after the name) or a role ("customer", "his wife",
//   "account holder", "director", "pelanggan", "khách hàng", "titulaire du compte", 客户, 董事…);
// - without one, when the words themselves say it: a Malay or Indian patronymic (bin, binti, a/l,
//   a/p, s/o, d/o), a listed given name before a family name, a listed family name written first
//   (Tan Wei Ming, Nguyễn Văn An);
// - and then every later mention of a name found, in full or by one of its parts ("Mr Whitfield",
//   "Whitfield said").
// Streets, branches and companies named after people ("Jalan Tun Razak", "chi nhánh Nguyễn Huệ",
// "Koh Holdings Pte Ltd") are not people.
import ordinaryWords from "./pii-ordinary-words.json";
import {
  CJK_COMPOUND_FAMILY,
  CJK_FAMILY_NAMES,
  CJK_GIVEN_CHARS,
  CJK_NOT_NAMES,
  CJK_PLACES,
  CJK_TRANSLITERATION,
  JAPANESE_FAMILY,
  COMPANY_AFTER,
  COMPANY_BEFORE,
  FAMILY_FIRST,
  FAMILY_LAST,
  FAMILY_NAMES,
  GIVEN_NAMES,
  KOREAN_FAMILY,
  MIDDLE_NAMES,
  VIETNAMESE_WORDLIKE_FAMILY,
  MYANMAR_COMMON_WORDS,
  MYANMAR_NAME_WORDS,
  NOT_NAMES,
  PLACE_AFTER,
  PLACE_BEFORE,
  PLACE_NAMES,
  REGIONS,
  simplifiedChinese,
  TAMIL_NAMES,
  THAI_GIVEN_NAMES,
} from "./pii-names";
import type { Candidate } from "./pii-types";

interface Span {
  start: number;
  end: number;
}

const LOWER = String.raw`[\p{Ll}\p{M}]`;
const WORD = String.raw`\p{Lu}(?:['’]\p{Lu})?${LOWER}+(?:-\p{Script=Latin}${LOWER}+)*(?:\p{Lu}${LOWER}+)?`;
// Sarawak's and Sabah's names join a child's to a parent's with "anak" ("Jenny anak Lumpu").
const CONNECTORS = "bin|binti|bte|bt|a/l|a/p|s/o|d/o|anak";
const CONNECTOR = new RegExp(`^(?:${CONNECTORS})$`, "u");
// French, Dutch and German particles inside a family name ("Louis-Philippe de Montigny", "Pierrette
// Du Berger", "Pieter van der Berg"):
// part of a name between two of its words, but unlike bin or a/l no evidence of one ("Banque de
// Montréal" is not a person).
const PARTICLES = "de la|de|du|des|Du|De|Des|Le|La|van der|van den|von der|van|von";
const PARTICLE = new RegExp(`^(?:${PARTICLES})$`, "u");
const JOINERS = `${CONNECTORS}|${PARTICLES}`;
// A line break ends a run: the line after begins something else (a name, a heading).
const RUN_BODY = String.raw`${WORD}(?:[^\S\n](?:(?:${JOINERS})[^\S\n])?${WORD}){0,5}`;
const RUN_AT = new RegExp(RUN_BODY, "uy");
// A run starts where a Latin word does not continue (Chinese or Thai letters may touch it).
const RUNS = new RegExp(String.raw`(?<![A-Za-z\u00C0-\u024F\u1E00-\u1EFF'’-])${RUN_BODY}`, "gu");
const COMPANY_WORD =
  /^(?:Brothers|Bros|Hardware|Tailors|Jewellers|Jewelers|Textiles|Traders|Motors|Foods|Builders|Industries|Pte|Sdn|Bhd|Ltd|Limited|Inc|Corp|Corporation|LLC|LLP|Company|Holdings|Trading|Group|Capital|Ventures|Enterprise|Enterprises|Logistics|Resources|Marine|Bank|Berhad|Cafe|Café|Restaurant|Kopitiam|Bakery|Shop|Store|Mart|Salon|Clinic|Hotel|Pharmacy|Jewellers|Jewelers|Union|Trust|Foundation|Association|Society|Cooperative|Fund|Insurance|Assurance|Securities|Partners|Freight|Shipping|Transport|Express|Imports|Exports|Supplies|Solutions|Consulting|Services)$/u;
/** A word that names a firm, a shop or a trade: Ltd, Trading, Brothers, Hardware. */
export const isCompanyWord = (word: string) => COMPANY_WORD.test(word);
const TOKEN = new RegExp(String.raw`(?:${PARTICLES})(?=\s)|${WORD}|${CONNECTORS}`, "gu");
const isJoiner = (token: string) => CONNECTOR.test(token) || PARTICLE.test(token);
/** A listed given name, or one joined to another by a hyphen (Marie-Ève, Louis-Philippe). */
const isGivenName = (word: string) =>
  GIVEN_NAMES.has(word) || (word.includes("-") && GIVEN_NAMES.has(word.split("-")[0] ?? ""));
/** A listed given name that is no ordinary word too: one that may stand alone as a name. */
const isPlainGivenName = (word: string) => GIVEN_NAMES.has(word) && !isOrdinary(word);

// Titles written before a name. "M." and "MM." need their dot; "Tan Sri" is a title, not a Tan.
const TITLES = [
  "Mr",
  "Mrs",
  "Ms",
  "Miss",
  "Mdm",
  "Madam",
  "Mx",
  "Dr",
  "Prof",
  "Sir",
  "Dame",
  "Encik",
  "Cik",
  "Puan",
  "Tuan",
  "Haji",
  "Hajah",
  "Hj",
  "Hjh",
  // Malaysian notes write Puan short, without a dot ("Pn Aishah dari cawangan").
  "Pn",
  "Dato['’]?",
  "Datuk",
  "Tengku",
  "Tunku",
  "Datin",
  "Tan Sri",
  "Puan Sri",
  "Toh Puan",
  "Tun",
  "Khun",
  "Pak",
  "Ibu",
  "Ông",
  "Bà",
  "Anh",
  "Chị",
  "Em",
  "Cô",
  "Chú",
  "Bác",
  "ông",
  "bà",
  "anh",
  "chị",
  "cô",
  "chú",
  "em",
  "bác",
  "dì",
  "cậu",
  // Without their diacritics, as chats write them ("chi Tu", chị Tư).
  "chi",
  "chu",
  "ong",
  "Kak",
  "Mak Cik",
  "Pak Cik",
  "Makcik",
  "Pakcik",
  "Auntie",
  "Aunty",
  "Uncle",
  "Mme",
  "Mlle",
  "Me",
  "Maître",
  "Monsieur",
  "Inspektor",
  "Inspector",
  "Sarjan",
  "Sergeant",
  "sergent",
  "Sergent",
  "sergente",
  "lieutenant",
  "Lieutenant",
  "capitaine",
  "Capitaine",
  "caporal",
  "constable",
  "Constable",
  "Koperal",
  "Corporal",
  "Detective",
  "Captain",
  "Capt",
  "Sgt",
  "Insp",
  "Cpl",
  "Madame",
  "Mademoiselle",
  "monsieur",
  "madame",
].join("|");
// Only abbreviations take a dot: "chị." ends a sentence, it does not introduce a name.
const ABBREVIATED = "Mr|Mrs|Ms|Mdm|Dr|Prof|Hj|En|Pn|Insp|Sgt|Det";
const TITLE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:(?:${TITLES})|(?:${ABBREVIATED})\.|M\.|MM\.)\s+(?=\p{Lu})`,
  "gu",
);
const LEADING_TITLE = new RegExp(String.raw`^(?:(?:${TITLES})\.?|M\.|MM\.)(?:\s+|$)`, "u");

// Roles that name a person right after them ("customer Tan Wei Ming", "his wife, Margaret").
const ROLE_WORDS = [
  "tên",
  "godson",
  "goddaughter",
  "godfather",
  "godmother",
  "sujet",
  "associé",
  "associée",
  "préposé",
  "préposée",
  "phiên dịch",
  "người nước ngoài",
  "lawyer",
  "peguam",
  "avocat",
  "avocate",
  "luật sư",
  "customer",
  "client",
  "cliente",
  "account holder",
  "joint holder",
  "holder",
  "signatory",
  "director",
  "shareholder",
  "beneficial owner",
  "beneficiary",
  "bénéficiaire",
  "remitter",
  "sender",
  "recipient",
  "payee",
  "payer",
  "introducer",
  "guarantor",
  "borrower",
  "applicant",
  "subject",
  "suspect",
  "complainant",
  "victim",
  "witness",
  "manager",
  "officer",
  "teller",
  "agent",
  "wife",
  "husband",
  "spouse",
  "son",
  "daughter",
  "father",
  "mother",
  "brother",
  "sister",
  "cousin",
  "nephew",
  "niece",
  "uncle",
  "aunt",
  "grandson",
  "granddaughter",
  "grandmother",
  "grandfather",
  "grandma",
  "grandpa",
  "(?:son|daughter|mother|father|brother|sister)-in-law",
  "boyfriend",
  "girlfriend",
  "bf",
  "gf",
  "fianc[ée]e?",
  "driver",
  "students?",
  "classmates?",
  "maid",
  "helper",
  "landlord",
  "landlady",
  "tenant",
  "neighbou?r",
  "boss",
  "cust",
  "subj",
  "real name",
  "known as",
  "aka",
  "a\\.k\\.a\\.",
  "alias",
  "nickname",
  "named",
  "identified (?:himself|herself) as",
  "partner",
  "employee",
  "employer",
  "friend",
  "colleague",
  "secretary",
  "owner",
  "worker",
  "proprietor",
  "contact",
  "chum",
  "bro",
  "sis",
  "foreman",
  "supervisor",
  "cikgu",
  "anak saudara(?:nya)?",
  "pekerja(?:nya)?",
  "sinh viên",
  // Tamil words for a driver, an employee, a teacher: before a name in Latin letters only (in
  // Tamil script they open phrases: ஓட்டுநர் உரிமம், "driving licence").
  "ஓட்டுநர்",
  "ஊழியர்",
  "ஆசிரியர்",
  "ஆசிரியை",
  "பூசாரி",
  "blonde",
  "conjointe?",
  "beau-frère",
  "belle-sœur",
  "beau-père",
  "belle-mère",
  "gendre",
  "bru",
  "neveu",
  "nièce",
  "sœur",
  "frère",
  "oncle",
  "tante",
  "cousine",
  "amie?",
  "voisine?",
  "notaire",
  "chauffeur",
  "locataire",
  "propriétaire",
  "petit-fils",
  "petite-fille",
  "grand-mère",
  "grand-père",
  "vrai nom",
  "surnommée?",
  "titulaire du compte",
  "titulaire",
  "cotitulaire",
  "épouse",
  "mari",
  "femme",
  "fille",
  "fils",
  "mère",
  "père",
  "directeur",
  "directrice",
  "président",
  "présidente",
  "actionnaire",
  "donneur d['’]ordre",
  "donneuse d['’]ordre",
  "pelanggan",
  "pemegang akaun",
  "isteri(?:nya)?",
  "suami(?:nya)?",
  // Not "anak saudara" (a nephew or niece), a role of its own.
  "anak(?! saudara)(?: lelaki| perempuan)?(?:nya)?",
  "bapa",
  "abang(?:nya)?",
  "kakak(?:nya)?",
  "adik(?:nya)?",
  "pengarah",
  "penjamin",
  "pengirim",
  // Whose an account is: "a/c held by Tyler J. Boateng", "atas nama Siti", "au nom de".
  "held by",
  "in the name of",
  "atas nama",
  "au nom de",
  // The late: "feu Rosaire Dufour", "arwah Hassan".
  "feue?",
  "the late",
  "mendiang",
  "arwah",
  "allahyarham(?:ah)?",
  "pegawai",
  "nạn nhân(?: gồm)?",
  "thầy",
  "trợ lý",
  "đại úy",
  "thượng úy",
  "trung úy",
  "thiếu úy",
  "thiếu tá",
  "trung tá",
  "thượng tá",
  "đại tá",
  "dai uy",
  "trung uy",
  "thieu ta",
  "GĐ",
  "KSV",
  "bé",
  // "tên Hoa" is a Chinese name, written next in characters: Hoa is no one.
  "tên Hoa",
  "tên tiếng Hoa",
  // Who wrote, checked or approved a note: "Disediakan oleh Haslinda", "Analyste : Maude".
  "prepared by",
  "reviewed by",
  "checked by",
  "approved by",
  "reviewer",
  "approver",
  "checker",
  "kiem soat",
  "disediakan(?: oleh)?",
  "disemak(?: oleh)?",
  "diluluskan(?: oleh)?",
  "lulus",
  "analyste",
  "approbation",
  "vérif\\. par",
  "vérifié par",
  "contre-vérif\\.",
  "contrôle",
  "préparé par",
  "người lập",
  "người duyệt",
  "người kiểm tra",
  "người rà soát",
  "rà soát",
  "phê duyệt",
  "người xử lý",
  "phụ trách",
  "kiểm tra(?= ?:)",
  "từ(?= ?:)",
  "đến(?= ?:)",
  "dari(?= ?:)",
  "kepada(?= ?:)",
  "பரிசீலித்தவர்",
  "பரிசீலனை",
  "ஒப்புதல்",
  "மறுஆய்வாளர்",
  "penerima",
  "pemilik benefisial",
  "rakan(?:nya)?",
  "kawan(?:nya)?",
  "menantu(?:nya)?",
  "mertua(?:nya)?",
  "anak saudara(?:nya)?",
  "sepupu(?:nya)?",
  "cucu(?:nya)?",
  "jiran(?:nya)?",
  "majikan(?:nya)?",
  "pemandu",
  "ejen",
  "bernama",
  "nama sebenar(?:nya)?",
  "khách hàng",
  "chủ tài khoản",
  "vợ",
  "chồng",
  "con trai",
  "con gái",
  "giám đốc",
  "người nhận(?: tiền)?",
  "người gửi",
  "người chuyển tiền",
  "chủ sở hữu hưởng lợi",
  "cổ đông",
  "KH",
  "em trai",
  "em gái",
  "anh trai",
  "chị gái",
  "bạn trai",
  "bạn gái",
  "con rể",
  "con dâu",
  "cháu",
  "tài xế",
  "hàng xóm",
  "người liên hệ",
  "tên thật",
  "tên Việt",
  "tên khai sinh",
  "biệt danh",
  "anh rể",
  "chị dâu",
  "em rể",
  "em dâu",
  "nhân viên",
  "NV",
  "trưởng phòng",
  "thủ quỹ",
  "đồng nghiệp",
  "sếp",
  "வாடிக்கையாளர்",
  "மைத்துனர்",
  "மைத்துனி",
  "அதிகாரி",
  "விண்ணப்பதாரர்",
  "முகவர்",
  "கணக்கு வைத்திருப்பவர்",
  "மனைவி",
  "கணவர்",
  "மகன்",
  "மகள்",
  "இயக்குநர்",
  "அனுப்புநர்",
  "பெறுநர்",
  "உறவினர்",
  "தந்தை",
  "தாய்",
  "நண்பர்",
  "பேரன்",
  "பேத்தி",
  "அண்ணன்",
  "தம்பி",
  "அக்கா",
  "தங்கை",
  "மருமகள்",
  "மருமகன்",
  "மாமா",
  "அத்தை",
  "மாமியார்",
  "மாமனார்",
  "சகோதரர்",
  "சகோதரி",
  "திருமதி",
  "திரு\\.?",
  "செல்வி",
  "டாக்டர்",
  "மதிப்பாய்வாளர்",
  "பராமரிப்பாளர்",
  "பணிப்பெண்",
  "ஏற்றுமதியாளர்",
  "இறக்குமதியாளர்",
  "மேலாளர்",
  "முதலாளி",
  "உரிமையாளர்",
  "காசாளர்",
  "கணக்காளர்",
  "வழக்கறிஞர்",
  "அண்ணி",
  "மச்சான்",
  "அம்மா",
  "அப்பா",
  "பாட்டி",
  "தாத்தா",
  "சித்தி",
  "சித்தப்பா",
  "பெரியப்பா",
  "பெரியம்மா",
];
// Case-insensitive by hand: /iu would let \p{Lu} match lower-case letters too.
const caseless = (word: string) =>
  word.replace(/^\p{Ll}/u, (first) => `[${first}${first.toUpperCase()}]`);
// Longer words first, so "son-in-law" is not read as "son".
const ROLES = [...ROLE_WORDS]
  .sort((a, b) => b.length - a.length)
  .map(caseless)
  .join("|");
const ROLE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${ROLES})(?:['’]s)?(?:\s?["'”’»])?(?![\p{L}\p{M}-])\s?[,:：]?\s*(?:(?:là|tên(?: là)?|est|is|ialah|adalah|dia|beliau)\s+)?["'“‘«]?\s*`,
  "gu",
);
const ROLE_WORD = new RegExp(`^(?:${ROLE_WORDS.join("|")})$`, "iu");

// Words that open sentences (English, Vietnamese, Malay, French) and may stand before a name ("Had Arun said…").
const SENTENCE_OPENERS = new Set(
  "Had Has Have Did Does Do When If But And Then After Before Since Because Although Though Once While Should Would Could Will Can Per As So Yet Also Only Even Still Now Today Yesterday Later Meanwhile However Why How What Where Tell Ask Nếu Khi Sekiranya Jika Kalau Apabila Beritahu Tanya Si Quand Lorsque Dites Demandez".split(
    " ",
  ),
);

const TITLE_WORD = new RegExp(`^(?:${TITLES})$`, "u");

// What follows a name and says it is one, for a run of capitalised words with no title, role or
// listed name: a role in brackets ("Rahman (the director's driver)"), an identifier or an age in
// brackets ("Gaétan Pelletier (NAS …)"), an alias ("Ti-Jean (de son vrai nom …)"), or a verb of
// saying ("Priscilla Nathan says"), or a role after a comma ("Wilner Joseph, chauffeur de taxi").
const SAYS =
  "says|said|told|claims|claimed|stated|states|admitted|admits|explained|explains|insists|insisted|denied|denies|a dit|dit|affirme|explique|prétend|khai|nói|cho biết|khẳng định|berkata|memberitahu|mengaku|menyatakan|menjelaskan";
// Words after a name that call or name the person: "Lộc ơi", "Anbu என்ற நபர்" (a person called
// Anbu), "… என்பவர்" (the one who is …). They say so at a sentence's start too.
const NAMED = String.raw`\s+(?:ơi|(?:என்ற|என்கிற|எனும்)\s+(?:நபர்|பெயர்|பெண்|ஆண்|பையன்)|என்பவர்)(?![\p{L}\p{M}])`;
const NAMED_AFTER = new RegExp(`^${NAMED}`, "u");
const CUE_AFTER = new RegExp(
  String.raw`^(?:\s*\((?:[^()]{0,40}?[\s'’])?(?:${ROLES})(?![\p{L}\p{M}])|\s*\((?:NAS|SIN|NRIC|FIN|IC|MyKad|DOB|d\.o\.b\.?|passport|passeport|pasport|paspor|hộ chiếu|CCCD|CMND|KTP|NIK|K/P|kad pengenalan|né|née|born|age|âge|umur|tuổi|aged?|பிறந்த|lahir|tarikh lahir|ngày sinh|sinh ngày|sinh năm|เกิด|出生|生日)(?![\p{L}\p{M}])|\s*\(?\s*(?:real name|a\.?k\.?a\.?|alias|also known as|de son vrai nom|nama sebenar(?:nya)?|tên thật)(?![\p{L}\p{M}])|,?\s+(?:${SAYS})(?![\p{L}\p{M}])|${NAMED})`,
  "u",
);
// A role after a comma: "Wilner Joseph, chauffeur de taxi", "John Whitfield, the customer". Two
// words at least ("Examinée, client connu" is a file note, "Rabu, rakan sekerja" a weekday).
// An identifier's or a birth's word after a comma: "Gurpreet Singh Sandhu, NAS 914…".
const ID_AFTER_COMMA =
  /^,\s*(?:NAS|SIN|NRIC|FIN|IC|MyKad|KTP|NIK|passport|passeport|pasport|DOB|d\.o\.b\.?|tél\.|tel\.?|phone)(?![\p{L}\p{M}])/u;
const ROLE_AFTER = new RegExp(
  String.raw`^,\s+(?:(?:the|a|an|his|her|their|le|la|l'|un|une|son|sa)\s*)?(?:${ROLES})(?![\p{L}\p{M}])`,
  "u",
);
const SAYS_AFTER = new RegExp(String.raw`^,?\s+(?:${SAYS})(?![\p{L}\p{M}])`, "u");
// Names joined to a name found: "Hafiz and Shanti", "Nguyễn Hoàng Long và Phạm Minh Châu",
// "Thivya a/p Chandran மற்றும் Nirmala". ("Rahim & Loh" is a firm.)
const JOIN = String.raw`(?:(?:\s+(?:and|và|va|dan|et|or|atau|hoặc|ou|மற்றும்|→|->)|,)\s+|\s?/\s?)`;
const JOINED_AFTER = new RegExp(String.raw`^${JOIN}`, "u");
const JOINED_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{M}])(${RUN_BODY})${JOIN}$`, "u");

/** A Korean given name as Latin letters write it: two syllables joined by a hyphen (Ji-hoon). */
const KOREAN_GIVEN = /^\p{Lu}\p{Ll}+-\p{Ll}+$/u;

/** A Korean family name before its given name: "Park Ji-hoon" (not "Park Road"). */
const koreanFamilyFirst = (family: string, given: string) =>
  KOREAN_FAMILY.has(family) && KOREAN_GIVEN.test(given) && isNameToken(given);

function isNameToken(token: string): boolean {
  // A lower-case part after a hyphen is a Korean given name's (Ji-hoon), not a word's (Co-lessee).
  const lowerPart = /-(\p{Ll}[\p{L}\p{M}]*)/u.exec(token)?.[1];
  if (lowerPart && ORDINARY.has(lowerPart)) return false;
  return !NOT_NAMES.has(token) && !ROLE_WORD.test(token) && !TITLE_WORD.test(token);
}

/** A title or a role word ("Mdm", "customer", "khách hàng"): what stands before a name. */
export const isCueWord = (word: string) => ROLE_WORD.test(word) || TITLE_WORD.test(word);

const OTHER_SCRIPT = /[\u0E00-\u0E7F\u0B80-\u0BFF\u4e00-\u9fff]/u;
// A family name by its shape: MacKinnon, McAllister, O'Brien.
const GAELIC_FAMILY = /^(?:Mac|Mc|O['’])\p{Lu}\p{Ll}{2,}$/u;
/** Words the product's own text writes in lower case (scripts/pii-ordinary-words.js). */
const ORDINARY = new Set<string>(ordinaryWords);
const isOrdinary = (word: string) =>
  word.split("-").some((part) => ORDINARY.has(part.toLowerCase()));

/** A listed family name that is no ordinary word ("Reyes", not "Brown"). */
const isListedFamily = (word: string) => FAMILY_NAMES.has(word) && !isOrdinary(word);

/** A word with a letter only Vietnamese writes: a tone mark or ă, â, đ, ê, ô, ơ, ư. */
const VIETNAMESE_SYLLABLE =
  /[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]/iu;

const MONTH_AT =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s/u;

/** The name in a run of capitalised words, or null: trimmed of titles, roles and non-names. */
function nameInRun(
  text: string,
  start: number,
  run: string,
  cued: boolean,
  context = false,
): Span | null {
  let from = start;
  let body = run;
  for (let title = LEADING_TITLE.exec(body); title && body; title = LEADING_TITLE.exec(body)) {
    from += title[0].length;
    body = body.slice(title[0].length);
  }
  // After a day, a month's name or its short form is the date's: "21 Jun Ong Boon Hock".
  const month = MONTH_AT.exec(body);
  if (month && /\d\s$/u.test(text.slice(Math.max(0, from - 3), from))) {
    from += month[0].length;
    body = body.slice(month[0].length);
  }
  let tokens = [...body.matchAll(TOKEN)].map((m) => ({
    text: m[0],
    start: from + m.index,
    end: from + m.index + m[0].length,
  }));
  // "Ravi a/l Krishnan Sinar Logistik Sdn Bhd": a company's name (up to two words before its
  // suffix) ends the person's, unless the words belong to a patronymic.
  const suffix = tokens.findIndex((token) => COMPANY_WORD.test(token.text));
  let companySplit = false;
  if (suffix >= 0) {
    let companyStart = suffix;
    while (
      companyStart > 0 &&
      suffix - companyStart < 2 &&
      !CONNECTOR.test(tokens[companyStart - 2]?.text ?? "")
    ) {
      companyStart--;
    }
    tokens = tokens.slice(0, companyStart);
    companySplit = true;
  }
  // A Vietnamese family name, written without its diacritics or not, before a middle name.
  const familyThenMiddle = (i: number) =>
    (FAMILY_FIRST.has(tokens[i]?.text ?? "") ||
      VIETNAMESE_WORDLIKE_FAMILY.has(tokens[i]?.text ?? "")) &&
    MIDDLE_NAMES.has(tokens[i + 1]?.text ?? "");
  // After a title, a family name written first is a name even where it is also a word (La, Le);
  // a family name that is also a word (Le, Do) needs a middle and a given name after it.
  let first = 0;
  while (
    first < tokens.length &&
    !(
      first === 0 &&
      tokens.length > 1 &&
      ((cued && FAMILY_FIRST.has(tokens[0]?.text ?? "")) ||
        (familyThenMiddle(0) && (FAMILY_FIRST.has(tokens[0]?.text ?? "") || tokens.length >= 3)) ||
        koreanFamilyFirst(tokens[0]?.text ?? "", tokens[1]?.text ?? ""))
    ) &&
    !isNameToken(tokens[first]?.text ?? "")
  ) {
    if (!cued) return null;
    first++;
  }
  // "Anh" is a title ("older brother") before a name and a given name after one ("Tuấn Anh");
  // "Công" opens "Công ty" (a company) and is a middle name after a family name ("Đinh Công Mạnh").
  // A Vietnamese family name and middle name take the given name after them whatever else it is
  // (Tuan is also the Malay "sir"): Nguyen Van Tuan, Le Minh Tuan.
  const vietnamese = familyThenMiddle(first);
  // "My" and "An" are Vietnamese given names after a syllable written with its tones (Hà My).
  const afterVietnamese = (i: number) =>
    i > first &&
    VIETNAMESE_SYLLABLE.test(tokens[i - 1]?.text ?? "") &&
    (tokens[i]?.text === "My" || tokens[i]?.text === "An");
  // After bin or a/l, a title or a kin word opens the parent's name: "bin Haji Mokhtar",
  // "BIN ABANG SALLEH".
  const parentTitle = (i: number) =>
    CONNECTOR.test(tokens[i - 1]?.text ?? "") && isNameToken(tokens[i + 1]?.text ?? "");
  const nameAfterFirst = (i: number) =>
    isNameToken(tokens[i]?.text ?? "") ||
    (i > first && parentTitle(i)) ||
    (vietnamese && i === first + 2 && /^\p{Lu}/u.test(tokens[i]?.text ?? "")) ||
    afterVietnamese(i) ||
    (i > first &&
      (tokens[i]?.text === "Anh" ||
        (tokens[i]?.text === "Công" && !text.startsWith(" ty", tokens[i]?.end))));
  let last = tokens.length - 1;
  while (last >= first && (!nameAfterFirst(last) || isJoiner(tokens[last]?.text ?? ""))) last--;
  // Stop at the first non-name inside the run: "Tan Wei Ming Singapore" is Tan Wei Ming.
  for (let i = first + 1; i <= last; i++) {
    const token = tokens[i]?.text ?? "";
    if (!isJoiner(token) && !nameAfterFirst(i)) {
      last = i - 1;
      break;
    }
  }
  if (last < first) return null;
  const kept = tokens.slice(first, last + 1);
  const words = kept.map((t) => t.text);
  const span = { start: kept[0]?.start ?? 0, end: kept.at(-1)?.end ?? 0 };
  if (!cued) {
    const patronymic = words.some((word) => CONNECTOR.test(word));
    const givenFirst = isGivenName(words[0] ?? "") && words.length >= 2;
    const familyFirst =
      (FAMILY_FIRST.has(words[0] ?? "") && words.length >= 2 && words.length <= 4) ||
      koreanFamilyFirst(words[0] ?? "", words[1] ?? "");
    // Vietnamese: a family name, a middle name (Văn, Thị…) and a given name.
    const middle = words.length >= 3 && words.length <= 4 && MIDDLE_NAMES.has(words[1] ?? "");
    const myanmar =
      words.length >= 2 &&
      words.length <= 4 &&
      words.some((word) => MYANMAR_NAME_WORDS.has(word)) &&
      words.every((word) => MYANMAR_NAME_WORDS.has(word) || MYANMAR_COMMON_WORDS.has(word));
    const sentenceStart = /(?:^|[.!?:;\n•]\s*|["“‘'(]\s*)$/u.test(text.slice(0, span.start));
    // A given name, Western or not, then a Chinese family name: "Terrence Yip", "Priya Tan".
    // At a sentence's start the first word must be a listed given name ("Tell Lam…" is not).
    const familyLast =
      words.length >= 2 &&
      words.length <= 3 &&
      (FAMILY_LAST.has(words.at(-1) ?? "") ||
        GAELIC_FAMILY.test(words.at(-1) ?? "") ||
        isListedFamily(words.at(-1) ?? "")) &&
      !words.slice(0, -1).some(isOrdinary) &&
      (!sentenceStart || GIVEN_NAMES.has(words[0] ?? ""));
    // A Latin name in Thai, Tamil or Chinese text ("โอนไปให้ Chea Sokha ที่พนมเปญ"): two or
    // three capitalised words between letters of the other script, none an ordinary word
    // ("ตาม Penal Code มาตรา…").
    const embedded =
      words.length >= 2 &&
      words.length <= 3 &&
      !words.some(isOrdinary) &&
      OTHER_SCRIPT.test(text.slice(Math.max(0, span.start - 3), span.start)) &&
      OTHER_SCRIPT.test(text.slice(span.end, span.end + 3));
    // At the start of a sentence a single capitalised word is as often an ordinary one ("Hãy
    // nói…", "Ini menyatakan…"), so there only a bracket after one word counts; and a
    // company says things too, so one word is never a name by what it says alone.
    const told =
      context &&
      (words.length >= 2 || !SAYS_AFTER.test(text.slice(span.end, span.end + 30))) &&
      (words.length >= 2 ||
        !sentenceStart ||
        /^\s*\(/u.test(text.slice(span.end)) ||
        NAMED_AFTER.test(text.slice(span.end, span.end + 30))) &&
      (CUE_AFTER.test(text.slice(span.end, span.end + 60)) ||
        (words.length >= 2 && ROLE_AFTER.test(text.slice(span.end, span.end + 60))) ||
        (words.length >= 2 && ID_AFTER_COMMA.test(text.slice(span.end, span.end + 20))));
    // A listed given name alone, no ordinary word and no region ("Alberta", "Pahang"): inside a
    // sentence, or opening one before a word in lower case ("Sharon called…", "escalated to
    // Sharon in FCC"). Before a capitalised word or "&" it is the start of something else
    // ("Cameron Highlands", "Rahim & Loh").
    const after = text.slice(span.end, span.end + 3);
    const lone =
      words.length === 1 &&
      isPlainGivenName(words[0] ?? "") &&
      !REGIONS.has(words[0] ?? "") &&
      !/^\s*(?:&|\p{Lu})/u.test(after) &&
      // Not against a placeholder: scrubbing scrubbed text finds nothing more.
      !/\]\s*$/u.test(text.slice(Math.max(0, span.start - 3), span.start)) &&
      (!sentenceStart || /^\s+\p{Ll}/u.test(after));
    // A listed given name written against Chinese, Thai or Tamil, or before a word of it: in that
    // text an English word that is a name is the name ("已通知Kelvin跟进", "และMaxเปิดบัญชี",
    // "Joy சொல்வதன்படி"), even where English would read it as a word (Rose, Joy, May).
    const againstOther =
      words.length === 1 &&
      isGivenName(words[0] ?? "") &&
      !REGIONS.has(words[0] ?? "") &&
      (OTHER_SCRIPT.test(text.charAt(span.start - 1)) ||
        /^ ?（?[\u0E00-\u0E7F\u0B80-\u0BFF\u4e00-\u9fff]/u.test(after));
    // A word before a Chinese kin word or title: "Lan姐", "Ivy姐", "Kelvin哥".
    const kinAfter =
      words.length === 1 && /^(?:姐|哥|叔|姨|太|先生|小姐|女士|老板|经理)/u.test(after);
    if (
      !lone &&
      !againstOther &&
      !kinAfter &&
      !patronymic &&
      !givenFirst &&
      !familyFirst &&
      !middle &&
      !familyLast &&
      !myanmar &&
      !embedded &&
      !told
    )
      return null;
    // "Had Arun said…": a word that opens sentences, before a listed given name, is not part of
    // the name ("Priscilla Nathan says…" is).
    if (
      told &&
      sentenceStart &&
      !familyFirst &&
      GIVEN_NAMES.has(words[1] ?? "") &&
      SENTENCE_OPENERS.has(words[0] ?? "")
    )
      span.start = kept[1]?.start ?? span.start;
  }
  if (PLACE_NAMES.has(words.join(" "))) return null;
  if (companySplit ? isPlace(text, span) : isPlaceOrCompany(text, span)) return null;
  return span;
}

/** The name in the run of capitalised words that starts at `at`, or null. */
function runNameAt(text: string, at: number, cued: boolean): Span | null {
  RUN_AT.lastIndex = at;
  const run = RUN_AT.exec(text);
  return run ? nameInRun(text, at, run[0], cued) : null;
}

function isPlace(text: string, span: Span): boolean {
  const before = text.slice(Math.max(0, span.start - 60), span.start);
  return PLACE_BEFORE.test(before) || PLACE_AFTER.test(text.slice(span.end, span.end + 40));
}

function isPlaceOrCompany(text: string, span: Span): boolean {
  const before = text.slice(Math.max(0, span.start - 60), span.start);
  const after = text.slice(span.end, span.end + 80);
  return (
    PLACE_BEFORE.test(before) ||
    PLACE_AFTER.test(after) ||
    COMPANY_AFTER.test(after) ||
    COMPANY_BEFORE.test(before) ||
    NAMED_PLACE_BEFORE.test(before.slice(-40)) ||
    /(?:phường|quận|huyện|tỉnh|thành phố|TP\.)\s*$/u.test(before)
  );
}

// --- Chinese characters -----------------------------------------------------------------------

const CJK = /[\u4e00-\u9fff]/u;
const CJK_CUE = new RegExp(
  "(?:账户持有人|持有人|客户|董事|姐夫|妹夫|表哥|表弟|表姐|表妹|堂哥|堂弟|堂姐|堂妹|朋友|老板娘|个仔|个女|老板|邻居|司机|经理|老公|老婆|岳父|岳母|女婿|儿媳|侄子|侄女|外甥|助理|秘书|同事|男友|女友|男朋友|女朋友|叔叔|舅舅|伯父|祖母|祖父|孙子|孙女|真名|化名|其妻|其夫|其丈夫|其女|其子|儿子|女儿|妻子|丈夫|受益人|汇款人|收款人|联系人|实益拥有人|公司秘书|属于|名为|弟弟|哥哥|姐姐|妹妹|父亲|母亲|申请人|担保人|股东|负责人|嫌疑人|当事人|户主|账户持有者|收款方|汇款方|会计|出纳|员工|职员|柜员|工头|太太|华文名|中文名|原名|本名|又名|别名|全名|名叫|叫做|持卡人|借款人|代理人|介绍人|受害人|受害者|房东|租客|雇主|律师|中介|同学|妈妈|爸爸|奶奶|爷爷|外婆|外公|姑姑|舅妈|婶婶|嫂子|前夫|前妻|未婚夫|未婚妻|店员|群主|警官|警察|泰文名|英文名|马来名|越南名|户名|戶名|经办|經辦|复核人|复核|複核|二审|二審|审核人|发件人|收件人|抄送|寄件者|收件者|副本|室友|买家|卖家|上司|下属|同乡|看护|车手|留学生|移工|保姆|女佣|闺蜜)(?:之一)?[：:]?[”\\u0022」』]?[“\\u0022「『]?\\s?",
  "gu",
);
const CJK_CUE_BEFORE = new RegExp(String.raw`(?:${CJK_CUE.source}|(?:叫|称|喊)(?:他|她)?)$`, "u");
// Titles after a name; 老板 (boss) too, after a family name alone.
const CJK_TITLES = "先生|女士|小姐|太太|夫人";
// 经理 (manager), 主任, 老师, 医生, 律师 after a family name (陈经理), 名下 ("in the name of") after a
// name (李国强名下), and 太 (Mrs, in Hong Kong: 梁太)
// where it does not begin a word (太多, too many; 太阳, the sun).
const CJK_TITLE_AFTER = new RegExp(
  `${CJK_TITLES}|老板|经理|主任|主管|老师|医生|律师|警官|检察官|书记官|法官|督察|sir|Sir|SIR|名下|太(?![太阳平空多少大小快慢高低贵久好过晚早子])`,
  "gu",
);
// A family name alone before a title is a name (邱先生, 沈小姐) unless it is a word that opens a
// phrase there (向先生说明: "explain to Mr …").
const CJK_WORD_BEFORE_TITLE = /^[向常连于]$/u;
// 据…说 ("according to … "), not 根据, 数据, 证据 or 依据.
const CJK_ACCORDING =
  /(?<![根数证依占单收票字])据(?=[\u4e00-\u9fff]{2,3}(?:说|称|表示|透露|反映))/gu;
const CJK_TITLE_AT = new RegExp(`^(?:${CJK_TITLES})`, "u");
// A title or a rank after a name, where the name ends: 郑主管, 欧阳检察官.
const CJK_RANK_AT = /^(?:经理|主任|主管|老师|医生|律师|警官|检察官|书记官|法官|督察|老板)/u;
// Characters that end a name: particles and verbs that follow one in a sentence.
const CJK_STOP = new Set(
  "于的在称使向从将是与和也为以通出住每收同用确报指持询电护身生等已被对把给并曾因及或到说表自很都证，。、；：（）()".split(
    "",
  ),
);

function cjkNameAt(text: string, at: number): Span | null {
  let start = at;
  if (CJK_COMPOUND_FAMILY.test(text.slice(at, at + 2))) start = at + 1;
  if (!CJK_FAMILY_NAMES.has(text.charAt(start)) && start === at) return null;
  let end = start + 1;
  while (
    end < start + 3 &&
    CJK.test(text.charAt(end)) &&
    !CJK_STOP.has(text.charAt(end)) &&
    !CJK_TITLE_AT.test(text.slice(end, end + 2)) &&
    !CJK_RANK_AT.test(text.slice(end, end + 3))
  ) {
    end++;
  }
  if (CJK_NOT_NAMES.test(text.slice(at, end)) || CJK_NOT_NAMES.test(text.slice(at, at + 2)))
    return null;
  return end - at >= 2 || CJK_TITLE_AT.test(text.slice(end, end + 2)) ? { start: at, end } : null;
}

/** Where a name may start or end among characters: an edge, punctuation, a particle, a Latin word. */
const cjkEdge = (char: string) => char === "" || !CJK.test(char) || CJK_STOP.has(char);

/**
 * A full name with no cue: a family name's character and two common given-name characters,
 * standing apart from the words around them (林美玲与…, …、郑伟杰和…). Two characters alone are
 * too often a word.
 */
function cjkStandaloneNames(text: string, out: Span[]): void {
  for (let at = 0; at + 3 <= text.length; at++) {
    if (!CJK_FAMILY_NAMES.has(text.charAt(at)) || !cjkEdge(text.charAt(at - 1))) continue;
    const name = text.slice(at, at + 3);
    if (!CJK_GIVEN_CHARS.has(name.charAt(1)) || !CJK_GIVEN_CHARS.has(name.charAt(2))) continue;
    const next = text.charAt(at + 3);
    if (!cjkEdge(next) && !CJK_TITLE_AT.test(text.slice(at + 3, at + 5))) continue;
    if (CJK_NOT_NAMES.test(name) || CJK_NOT_NAMES.test(name.slice(0, 2))) continue;
    out.push({ start: at, end: at + 3 });
  }
}

// What joins the names of a list: 、, 和, 与, 及, 跟, 同, a comma.
const CJK_LIST_AFTER = /^(?:、|，|,|和|与|及|跟|同)\s*/u;
const CJK_LIST_BEFORE = /(?:、|，|,|和|与|及|跟|同)\s*$/u;

/** The names in characters next to a name found in a list: 郑伟杰、吴佩珊和Lau Kok Wai. */
function cjkListNeighbours(text: string, { start, end }: Span): Span[] {
  const neighbours: Span[] = [];
  const after = CJK_LIST_AFTER.exec(text.slice(end, end + 3));
  if (after) {
    const next = cjkNameAt(text, end + after[0].length);
    // The list mark bounds it before; after, a word may run on (蔡雅婷、蔡雅琪两姐妹) when its
    // given characters are a name's.
    const given = next ? text.slice(next.start + 1, next.end) : "";
    const named = given.length === 2 && [...given].every((char) => CJK_GIVEN_CHARS.has(char));
    if (next && (cjkEdge(text.charAt(next.end)) || named)) neighbours.push(next);
  }
  const before = CJK_LIST_BEFORE.exec(text.slice(Math.max(0, start - 3), start));
  if (before) {
    const at = start - before[0].length;
    for (let length = 3; length >= 2; length--) {
      const previous = cjkNameAt(text, at - length);
      // 包括蔡国荣、Tan Bee Lian: the list mark bounds the name; a word may run into it only
      // when its given characters are a name's (国荣), never for two characters alone.
      const given = text.slice(at - length + 1, at);
      const bounded =
        cjkEdge(text.charAt(at - length - 1)) ||
        (length === 3 && [...given].every((char) => CJK_GIVEN_CHARS.has(char)));
      if (previous?.end === at && bounded) {
        neighbours.push(previous);
        break;
      }
    }
  }
  return neighbours;
}

// A name standing apart before a verb of saying: "王思远 说，…", "陈家豪称…".
const CJK_SAYS_AFTER = /^\s?(?:说|称|表示|声称|透露|承认|否认|解释)/u;

function cjkNames(text: string, out: Span[]): void {
  for (let at = 0; at < text.length; at++) {
    if (!CJK_FAMILY_NAMES.has(text.charAt(at)) || !cjkEdge(text.charAt(at - 1))) continue;
    const span = cjkNameAt(text, at);
    // 严厉地说 (said sternly): an adverb, not a name.
    const adverb = span !== null && /[地的得了]$/u.test(text.slice(span.start, span.end));
    const says = span !== null && CJK_SAYS_AFTER.test(text.slice(span.end, span.end + 3));
    if (span && !adverb && says && span.end - span.start === 3) out.push(span);
  }
  CJK_CUE.lastIndex = 0;
  for (let m = CJK_CUE.exec(text); m !== null; m = CJK_CUE.exec(text)) {
    const at = m.index + m[0].length;
    // 他太太Wendy, 柜员Priya: a name in Latin letters after the cue.
    const latin = runNameAt(text, at, true);
    const span = latin?.start === at ? latin : (cjkNameAt(text, at) ?? transliteratedAt(text, at));
    if (span) out.push(span);
    // Cues overlap: 其女儿郭婉婷 holds 其女 (his daughter) and 女儿 (daughter), the name after the second.
    else CJK_CUE.lastIndex = m.index + 1;
  }
  for (const m of text.matchAll(CJK_ACCORDING)) {
    const span = cjkNameAt(text, m.index + 1);
    if (span) out.push(span);
  }
  CJK_TITLE_AFTER.lastIndex = 0;
  for (let m = CJK_TITLE_AFTER.exec(text); m !== null; m = CJK_TITLE_AFTER.exec(text)) {
    // 欧阳检察官, 诸葛经理, 铃木小姐: a family name of two characters or more alone.
    const family = [2, 3].find((length) => {
      const name = text.slice(m.index - length, m.index);
      return CJK_COMPOUND_FAMILY.test(name) || JAPANESE_FAMILY.has(name);
    });
    if (family && m.index - family >= 0) {
      out.push({ start: m.index - family, end: m.index });
      continue;
    }
    // 王老板 is Boss Wang, 金铺老板 the gold shop's owner: before 老板 only a family name counts.
    // 太 after a family name alone: 梁太, not 陈志明太….
    for (let length = m[0] === "老板" || m[0] === "太" ? 1 : 3; length >= 1; length--) {
      const start = m.index - length;
      if (start < 0) continue;
      const name = text.slice(start, m.index);
      if (
        CJK_FAMILY_NAMES.has(name.charAt(0)) &&
        !(length === 1 ? CJK_WORD_BEFORE_TITLE : CJK_NOT_NAMES).test(name) &&
        (length === 1 || !CJK_NOT_NAMES.test(name.slice(0, 2))) &&
        [...name].every((char) => CJK.test(char) && !CJK_STOP.has(char))
      ) {
        out.push({ start, end: m.index });
        break;
      }
    }
  }
}

// A foreign name written in characters, its parts joined by a middle dot: 约翰·史密斯, 穆罕默德·阿里夫,
// 拉吉什·梅塔. The characters that spell sounds bound it; the words around it (导师, 商人) are not.
const CJK_DOTTED = /[\u4e00-\u9fff]+(?:[·・•‧][\u4e00-\u9fff]+)+/gu;

function cjkDottedNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(CJK_DOTTED)) {
    const parts = m[0].split(/[·・•‧]/u);
    const first = parts[0] ?? "";
    let lead = first.length;
    while (lead > 0 && CJK_TRANSLITERATION.has(first.charAt(lead - 1))) lead--;
    const last = parts.at(-1) ?? "";
    let tail = 0;
    while (tail < last.length && CJK_TRANSLITERATION.has(last.charAt(tail))) tail++;
    if (first.length - lead < 2 || tail < 1 || parts.some((part) => CJK_PLACES.has(part))) continue;
    out.push({ start: m.index + lead, end: m.index + m[0].length - last.length + tail });
  }
}

/** A foreign name spelt in characters after a cue, with no dot: 中介拉吉什, 叫他拉吉什。 */
function transliteratedAt(text: string, at: number): Span | null {
  let end = at;
  while (end < at + 6 && CJK_TRANSLITERATION.has(text.charAt(end))) end++;
  const name = text.slice(at, end);
  return end - at >= 2 && cjkEdge(text.charAt(end)) && !isCommonWord(name)
    ? { start: at, end }
    : null;
}

/** The length of a listed Japanese family name written at `at` (佐佐木 before 佐藤), if one is. */
const japaneseFamilyAt = (text: string, at: number) =>
  [3, 2].find((length) => JAPANESE_FAMILY.has(text.slice(at, at + length)));

/**
 * A Japanese name in characters: a listed family name and one to three characters up to a particle,
 * a title, a verb of saying or punctuation (室友田中翔太表示, 山田浩和铃木真理子).
 */
function cjkJapaneseNames(text: string, out: Span[]): void {
  for (let at = 0; at < text.length; at++) {
    const family = japaneseFamilyAt(text, at);
    if (!family) continue;
    const from = at + family;
    for (let end = Math.min(from + 3, text.length); end > from; end--) {
      const given = text.slice(from, end);
      if (![...given].every((char) => CJK.test(char) && !CJK_STOP.has(char))) continue;
      const after = text.slice(end, end + 3);
      if (cjkEdge(text.charAt(end)) || CJK_TITLE_AT.test(after) || CJK_SAYS_AFTER.test(after)) {
        out.push({ start: at, end });
        break;
      }
    }
    at += family - 1;
  }
}

// --- Thai ---------------------------------------------------------------------------------------

// Titles, and the ranks of the police and the armed forces (ร.ต.อ., police lieutenant; พ.ต.ท.,
// police lieutenant colonel) and ดร. (doctor), written against the name or with a space.
const THAI_TITLE =
  /(?:นางสาว|นาง(?!สาว)|นาย|คุณ|น\.ส\.|ด\.ช\.|ด\.ญ\.|(?:พล\.)?[รพส]\.ต\.[ตทอ]\.|ด\.ต\.|จ\.ส\.ต\.|ดร\. ?)(?=[\u0E00-\u0E7F])/gu;
const THAI_WORD = /[\u0E00-\u0E7F]+/uy;
const THAI_TITLE_INSIDE = /(?:ท|มิถุ|ขอบ|พระ|บุญ)$/u;
const THAI_NAME_MAX = 14;
// What follows คุณ when it means "you": a verb or an auxiliary.
const THAI_AFTER_YOU =
  /^(?:อยู่|ได้|จะ|ต้อง|ควร|เป็น|มี|ไม่|ก็|ช่วย|คิด|รู้|เห็น|ถูก|ยัง|เคย|กำลัง|สามารถ|อาจ|เข้าใจ|ทราบ|แน่ใจ|ลอง|บอก|ต้องการ|และ|หรือ|ทำ|ใช้|โอน|ส่ง)/u;
// Words made with a title's letters that are not titles: คุณภาพ (quality), นายจ้าง (employer)…
const THAI_NOT_NAME =
  /^(?:พ่อ|แม่|ค่า|ธรรม|ประโยชน์|ลักษณะ|จ้าง|หน้า|กรัฐมนตรี|กเทศมนตรี|ทะเบียน|อำเภอ|พยาบาล|ความ|แบบ)/u;
// After คุณ only: คุณภาพ (quality), คุณสมบัติ (qualification); นายสมบัติ is Mr Sombat.
const THAI_NOT_NAME_AFTER_YOU = /^(?:ภาพ|สมบัติ)/u;
// A second word that is a verb or particle, not a family name.
const THAI_NOT_SURNAME =
  /^(?!มี(?:สุข|ชัย|ทรัพย์|โชค|ศรี|แก้ว|บุญ))(?:คน|เปิด|ใช้|ได้|เป็น|อยู่|โทร|เกิด|อายุ|ถือ|ลงนาม|รับ|ส่ง|เลข|บัญชี|และ|ซึ่ง|ว่า|จาก|ยืนยัน|แจ้ง|ติดต่อ|สั่ง|ถอน|โอน|ซื้อ|ขาย|เข้า|ออก|ที่|ของ|ให้|กับ|ใน|มี|ไม่|คือ|จะ|ก็|เมื่อ|หลัง|ก่อน|ทำ|อีเมล|ควบคุม|เบอร์|ถูก|นำ|ขอ|บอก|กล่าว|เดินทาง|พบ|ยอม|ต้อง|ยัง|เคย|หรือ|แต่|เพื่อ|โดย|ไป|มา|ลูกค้า|ผู้|บริษัท|ธนาคาร|สาขา|วันที่)/u;

const THAI_SEGMENTER = new Intl.Segmenter("th", { granularity: "word" });
// Words that end a name written against them: verbs and particles that follow a name.
const THAI_AFTER_NAME = new Set(
  `คน เปิด ใช้ ได้ เป็น อยู่ โทร เกิด อายุ ถือ ลงนาม รับ ส่ง เลข บัญชี และ ซึ่ง ว่า จาก ยืนยัน แจ้ง
  ติดต่อ สั่ง ถอน โอน ซื้อ ขาย เข้า ออก ที่ ของ ให้ กับ ใน มี ไม่ คือ จะ ก็ เมื่อ หลัง ก่อน ทำ อีเมล
  ควบคุม เบอร์ ถูก นำ ขอ บอก กล่าว เดินทาง พบ ยอม ต้อง ยัง เคย หรือ แต่ เพื่อ โดย ไป มา พา ลูกค้า
  ผู้ บริษัท ธนาคาร สาขา วัน สงสัย ยืม เอา พูด ถาม เห็น หาย ตอบ ขับ ยอมรับ ช่วย`.split(/\s+/u),
);
// The same words, longest first, to find where a name written against them ends.
const THAI_AFTER_NAME_AT = new RegExp(
  `^(?:${[...THAI_AFTER_NAME].sort((a, b) => b.length - a.length).join("|")})`,
  "u",
);
/** Whether a Thai word that ends at `end` is followed by a verb or particle that follows a name (มา, บอก). */
export const thaiNameEndsAt = (text: string, end: number) =>
  THAI_AFTER_NAME_AT.test(text.slice(end, end + 12));

// Listed given names that are ordinary words too (property, excellent, power).
const THAI_ORDINARY_NAMES = new Set(["สมบัติ", "ประเสริฐ", "อำนาจ"]);

/**
 * A listed Thai given name written against the words after it, at `at`: the name, then nothing
 * more of the run or a verb or particle ("ธนพลกับชุติมา", "ณัฐวุฒิโทรมาแจ้ง"); the family name
 * after a space when one follows.
 */
function thaiListedAt(text: string, at: number): Span | null {
  THAI_WORD.lastIndex = at;
  const run = THAI_WORD.exec(text)?.[0] ?? "";
  for (let length = Math.min(run.length, THAI_NAME_MAX); length >= 3; length--) {
    const name = run.slice(0, length);
    if (!THAI_GIVEN_NAMES.has(name) || THAI_ORDINARY_NAMES.has(name)) continue;
    const rest = run.slice(length);
    if (rest !== "" && !THAI_AFTER_NAME_AT.test(rest)) continue;
    return rest === "" ? thaiNameAt(text, at, "title") : { start: at, end: at + length };
  }
  return null;
}

// Who checked or approved a note, a mail's sender and copies, and ชื่อ after a quoted role or an
// account's number: "ผู้ทบทวน: พี่ต่าย", "สำเนา: พงษ์ศักดิ์ อินทร์แก้ว", '"เจ้าหน้าที่ DSI" ชื่อเอก',
// "พร้อมเพย์ 095-338-1740 ชื่อกัญญา".
const THAI_LABELLED =
  /(?:(?:ผู้ทบทวน|ผู้ตรวจสอบ|ผู้ตรวจ|ตรวจซ้ำ|ผู้อนุมัติ|ผู้จัดทำ|ผู้รับผิดชอบ|ผู้บันทึก|สำเนา|ผู้ส่ง|ผู้รับ)\s*[:：]|(?<=^|\n)\s*(?:จาก|ถึง)\s*[:：]|(?:["”')]|\d)\s*ชื่อ(?!เล่น|จริง|บัญชี|บริษัท|ร้าน|บทบาท|ตำแหน่ง|ไฟล์|เอกสาร|โครงการ))\s*(?:คุณ|พี่|น้อง)?/gu;

// Roles written against a name, which also begin ordinary compounds (ลูกค้ารายใหญ่, a large
// customer; พนักงานธนาคาร, a bank employee): only a listed given name after them.
const THAI_ROLE_ATTACHED =
  /(?:ลูกค้า|พนักงาน|คนขับรถ|เพื่อนร่วมห้อง|เพื่อนร่วมงาน|บุตรชาย|บุตรสาว|ผู้จัดการ|ล่าม|เลขา|ภรรยา|สามี|ลูกชาย|ลูกสาว|หลานชาย|หลานสาว|ลูกเขย|ลูกสะใภ้|แฟน|เพื่อน)(?=[\u0E00-\u0E7F])/gu;
// A listed given name opening a run of Thai, or after a conjunction: "ณัฐวุฒิโทรมาแจ้งว่า…",
// "…ซึ่งอรุณีบอกว่า".
const THAI_RUN_START = /(?<![\u0E00-\u0E7F])(?=[\u0E00-\u0E7F])|(?<=ซึ่ง|แต่|และ|กับ|ว่า|ให้|โดย|ส่วน)/gu;

/**
 * A run of Thai letters, cut before a verb or particle after its first word: Thai writes a name
 * against the words after it ("ชื่อก้องพามาถอนเงิน", "เพื่อนชื่อเจมส์ในราคา").
 */
function thaiRunAt(text: string, start: number, cut = true): string {
  THAI_WORD.lastIndex = start;
  const run = THAI_WORD.exec(text)?.[0] ?? "";
  if (!cut) return run;
  // Only where more words follow: a family name may end in such a word (พรหมมา, บุญมี).
  for (const { index, segment } of THAI_SEGMENTER.segment(run)) {
    const more = index + segment.length < run.length;
    if (index > 0 && more && THAI_AFTER_NAME.has(segment)) return run.slice(0, index);
  }
  return run;
}

/** A Thai given name at `start`, and the family name after a space if one follows. */
function thaiNameAt(text: string, start: number, after: "title" | "คุณ" | "role"): Span | null {
  // After คุณ, which is also "you", a run that is cut is as often "you" and a verb phrase.
  const given = thaiRunAt(text, start, after !== "คุณ");
  if (given.length < 2 || given.length > THAI_NAME_MAX) return null;
  if (THAI_NOT_NAME.test(given)) return null;
  if (after !== "title" && THAI_NOT_NAME_AFTER_YOU.test(given)) return null;
  // คุณ is also "you": "คุณอยู่ที่ไหน"; after a role, a verb or a particle is not a name either.
  if (after !== "title" && THAI_AFTER_YOU.test(given)) return null;
  if (after === "role" && THAI_NOT_SURNAME.test(given)) return null;
  let end = start + given.length;
  if (text.charAt(end) === " ") {
    // A family name stands between spaces: cut, the words after a space are as often a phrase.
    const family = thaiRunAt(text, end + 1, false);
    if (family.length >= 2 && family.length <= THAI_NAME_MAX && !THAI_NOT_SURNAME.test(family)) {
      end += 1 + family.length;
    }
  }
  return { start, end };
}

// Roles and kin before a Thai name.
const THAI_ROLES =
  "ลูกค้า|ผู้รับเงิน|ผู้รับโอน|ผู้โอน|ผู้ฝาก|ผู้ถือบัญชี|เจ้าของบัญชี|หลานชาย|หลานสาว|พี่สาว|พี่ชาย|น้องสาว|น้องชาย|สามี|ภรรยา|ลูกชาย|ลูกสาว|ลูกเขย|ลูกสะใภ้|เพื่อน|แฟน|กรรมการ|ลูกจ้าง|คนขับรถ|แอดมิน|เจ้าหน้าที่|จนท\\.|ตำรวจ|อาจารย์|ครู|ผู้ช่วย|ลูกน้อง|นายหน้า|คนงาน|แรงงาน|เถ้าแก่|หัวหน้า|ผู้ชาย|ผู้หญิง|ชาย|หญิง|คน";
// A role, then ชื่อ ("named"): "ลูกค้าชื่อ ประภาส" (ชื่อเล่น and ชื่อจริง, "nickname" and "real name", are cues of their own).
// The role may be quoted or a bank's: "'จนท.ธนาคาร' ชื่อแอน".
const THAI_ROLE = new RegExp(
  String.raw`(?:${THAI_ROLES}|นายจ้าง)(?:ธนาคาร)?['’”"]?\s*ชื่อ(?!เล่น|จริง)\s*`,
  "gu",
);
// A role, kin or "real name" with a space and no ชื่อ, where a space separates phrases as often as
// it introduces a name: what follows counts only when it is a listed given name (with the family
// name after it) or words before a bracket.
const THAI_ROLE_SPACED_WORDS = String.raw`(?:${THAI_ROLES}|ผู้รับเงินปลายทาง|ชื่อจริง|ชื่อเล่น|ผู้ต้องสงสัย|ผู้เสียหาย|แม่ค้า(?:ออนไลน์)?|พ่อค้า(?:ออนไลน์)?) +(?=[\u0E00-\u0E7F])`;
const THAI_ROLE_SPACED = new RegExp(THAI_ROLE_SPACED_WORDS, "gu");
const THAI_ROLE_SPACED_AT = new RegExp(`^${THAI_ROLE_SPACED_WORDS}`, "u");
// A listed given name standing between spaces (or at an edge), then a family name if one follows.
const THAI_TOKEN = /(?<![\u0E00-\u0E7F])[\u0E00-\u0E7F]+(?![\u0E00-\u0E7F])/gu;
// Names joined to a name found: "ประเสริฐ ทองดี และ อนุชา", "มาลี กับลูกชาย".
const THAI_JOIN_AFTER = /^\s*(?:และ|กับ|,)\s*/u;

function thaiSpacedName(text: string, at: number, joined = false): Span | null {
  // "กับลูกชาย บอย": a role, whose name the roles' loop finds.
  if (THAI_ROLE_SPACED_AT.test(text.slice(at, at + 40))) return null;
  const span = thaiNameAt(text, at, "role");
  if (!span) return null;
  const given = /^[\u0E00-\u0E7F]+/u.exec(text.slice(at))?.[0] ?? "";
  if (THAI_GIVEN_NAMES.has(given)) return span;
  // Joined to a name found, a given and a family name: "จันทร์เพ็ญ ศรีทอง และ อาทิตย์ คำแสน".
  // (A title's name is found by the titles' loop, without the title.)
  const titled = /^(?:นางสาว|นาง|นาย|คุณ|น\.ส\.)/u.test(given);
  if (joined && !titled && text.slice(span.start, span.end).includes(" ")) return span;
  return /^\s*[(（]/u.test(text.slice(span.end)) ? span : null;
}

function thaiNames(text: string, out: Span[]): void {
  THAI_TITLE.lastIndex = 0;
  for (let m = THAI_TITLE.exec(text); m !== null; m = THAI_TITLE.exec(text)) {
    // ทนาย (lawyer), มิถุนายน (June), ขอบคุณ (thank you) hold a title's letters.
    if (THAI_TITLE_INSIDE.test(text.slice(Math.max(0, m.index - 4), m.index))) continue;
    const span = thaiNameAt(text, m.index + m[0].length, m[0] === "คุณ" ? "คุณ" : "title");
    if (span) out.push(span);
  }
  for (const m of text.matchAll(THAI_ROLE_SPACED)) {
    const at = m.index + m[0].length;
    // ชื่อจริง (real name) and ชื่อเล่น (nickname) name whoever follows them.
    const span = m[0].startsWith("ชื่อ") ? thaiNameAt(text, at, "title") : thaiSpacedName(text, at);
    if (span) out.push(span);
  }
  for (const m of text.matchAll(THAI_TOKEN)) {
    if (!THAI_GIVEN_NAMES.has(m[0])) continue;
    const span = thaiNameAt(text, m.index, "title");
    if (span) out.push(span);
  }
  for (const m of text.matchAll(THAI_ROLE)) {
    const at = m.index + m[0].length;
    const span = runNameAt(text, at, true) ?? thaiNameAt(text, at, "role");
    if (span) out.push(span);
  }
  for (const m of text.matchAll(THAI_LABELLED)) {
    const at = m.index + m[0].length;
    const span = runNameAt(text, at, true) ?? thaiNameAt(text, at, "title");
    if (span?.start === at) out.push(span);
  }
  for (const m of text.matchAll(THAI_ROLE_ATTACHED)) {
    const span = thaiListedAt(text, m.index + m[0].length);
    if (span) out.push(span);
  }
  for (const m of text.matchAll(THAI_RUN_START)) {
    const span = thaiListedAt(text, m.index);
    if (span) out.push(span);
  }
}

// --- Tamil --------------------------------------------------------------------------------------

const TAMIL_WORD = /[\u0B80-\u0BFF]+/uy;
const TAMIL_WORD_AT = (text: string, at: number) => {
  TAMIL_WORD.lastIndex = at;
  return TAMIL_WORD.exec(text)?.[0] ?? "";
};
// Common words that follow a role or a title but are not names: pronouns, numbers, particles.
const TAMIL_NOT_NAME = new Set(
  `என் எனது என்னுடைய நான் உன் உனது என்ற என்னும் அந்த இந்த அவர் அவரது அவருடைய அவள் தனது தன் தனக்கு கணக்கு மூலம் உடன் ஒவ்வொரு ஒரு ஒரே ஒருவர்
  இரண்டு மூன்று பல சில கடன் பிறந்த மின்னஞ்சல் கைபேசி கடவுச்சீட்டு அட்டை தொலைபேசி முகவரி எண் பெயர்
  வங்கி நிறுவனம் என்று மற்றும் அல்லது அல்ல அல்லாத உரிய யார் எது எதை என்ன எப்படி ஏன் எங்கே
  உங்கள் நீங்கள் நான் நாங்கள் மட்டுமே மீண்டும் அதே தெளிவாக உண்மையான பதிலாக குடும்ப தகவல்
  பட்டியல் அரசியல் வெளிநாட்டு கிரிப்டோ பணம் நிதி பரிவர்த்தனை அடையாள விவரங்கள் சார்பாக`.split(/\s+/u),
);
// Case endings and verb endings: "கணக்கில்" (in the account), "கூறுகிறார்" (says), "மீதும்" (also on).
const TAMIL_CASE_ENDING =
  /(?:இல்|ில்|க்கு|ுக்கு|ஐ|ை|ஆல்|ால்|உடன்|ிடம்|இடம்|ின்|இன்|ிலிருந்து|ும்|கிறார்|கிறது|கிறேன்|ந்தார்|த்தார்|ட்டார்|னார்|ான|ாக|ாகச்|ைக்|ைத்|ைச்|ட்டு|ந்து|ன்று|ற்று|கொண்டு)$/u;

const TAMIL_TITLE = /^(?:திருமதி|திரு\.?|செல்வி|டாக்டர்)\s*$/u;
const looksLikeTamilName = (word: string) =>
  word.length >= 3 && !TAMIL_NOT_NAME.has(word) && !TAMIL_CASE_ENDING.test(word);

/**
 * A listed Tamil given name, or a compound ending in one: முத்துலட்சுமி (முத்து + லட்சுமி),
 * பாலசுப்பிரமணியம். The listed part is long enough to be telling and the compound longer still.
 */
function isListedTamilName(word: string): boolean {
  if (TAMIL_NAMES.has(word)) return true;
  for (let cut = 2; cut <= word.length - 4; cut++) {
    if (TAMIL_NAMES.has(word.slice(cut))) return true;
  }
  return false;
}

// The subject's own ("தனது", "தன்", "தமது"): a word between a role and it is the subject, a name.
const TAMIL_OWN = "தனது|தன்னுடைய|தமது|தன்";
const TAMIL_OWN_AFTER = new RegExp(`^ (?:${TAMIL_OWN})(?![\u0B80-\u0BFF])`, "u");
// Words for when, which can stand where a name would: "வாடிக்கையாளர் நேற்று தனது…".
const TAMIL_WHEN = new Set("நேற்று இன்று நாளை பின்னர் முதலில் ஏற்கனவே அப்போது இப்போது உடனே".split(" "));

/**
 * A Tamil name at `at`: one or two words that are not common words or inflected forms. After a
 * role ("customer", "his wife") a single word counts only if it is a listed given name, or the
 * subject before "தனது" (own): "வாடிக்கையாளர் பத்மாவதி தனது மைத்துனர்…". `listedOnly`: after a
 * role whose word also opens phrases (ஓட்டுநர் உரிமம், a driving licence), those two only.
 */
function tamilNameAt(
  text: string,
  at: number,
  afterTitle: boolean,
  listedOnly = false,
): Span | null {
  TAMIL_WORD.lastIndex = at;
  const given = TAMIL_WORD.exec(text);
  if (!given) return null;
  if (!TAMIL_NAMES.has(given[0]) && !looksLikeTamilName(given[0])) return null;
  // After a role, a single unlisted word is too often an ordinary one ("customer or…").
  const listed = isListedTamilName(given[0]);
  let end = at + given[0].length;
  if (text.charAt(end) === " ") {
    TAMIL_WORD.lastIndex = end + 1;
    const family = TAMIL_WORD.exec(text);
    const word = family?.[0] ?? "";
    if (TAMIL_NAMES.has(word) || looksLikeTamilName(word)) end += 1 + word.length;
  }
  const subject = TAMIL_OWN_AFTER.test(text.slice(end)) && !TAMIL_WHEN.has(given[0]);
  // A case ending joined by a hyphen marks a proper name: "மகள் தேன்மொழி-யின் திருமணம்".
  const suffixed = /^-[\u0B80-\u0BFF]/u.test(text.slice(end, end + 2));
  if (listedOnly && !listed && !subject && !suffixed) return null;
  if (!afterTitle && !listed && !subject && !suffixed && end === at + given[0].length) return null;
  return { start: at, end };
}

// --- Finding and following names ------------------------------------------------------------

// Roles whose words also open phrases or stand alone (ஓட்டுநர் உரிமம், a driving licence;
// "இணக்க அதிகாரி ஒப்புதல்…", the compliance officer's approval): a Tamil word after one is a name
// only when it is listed, or the subject before தனது.
const TAMIL_ROLE_LISTED_ONLY =
  /^(?:ஓட்டுநர்|ஊழியர்|ஆசிரியர்|அதிகாரி|விண்ணப்பதாரர்|முகவர்|மைத்துனர்|மைத்துனி|மேலாளர்|முதலாளி|உரிமையாளர்|காசாளர்|கணக்காளர்|வழக்கறிஞர்|அண்ணி|மச்சான்|அம்மா|அப்பா|பாட்டி|தாத்தா|சித்தி|சித்தப்பா|பெரியப்பா|பெரியம்மா|பரிசீலித்தவர்|பரிசீலனை|ஒப்புதல்|மறுஆய்வாளர்)/u;

function cuedNames(text: string, out: Span[]): void {
  for (const cue of [TITLE, ROLE]) {
    cue.lastIndex = 0;
    for (let m = cue.exec(text); m !== null; m = cue.exec(text)) {
      const at = m.index + m[0].length;
      RUN_AT.lastIndex = at;
      const run = RUN_AT.exec(text);
      if (run) {
        const span = nameInRun(text, at, run[0], true);
        if (span) out.push(span);
        // A role's run may itself hold a title: "Customer Mdm Siti…" is found by the title too.
        continue;
      }
      const tamil = tamilNameAt(
        text,
        at,
        TAMIL_TITLE.test(m[0]),
        TAMIL_ROLE_LISTED_ONLY.test(m[0]),
      );
      if (tamil) out.push(tamil);
      // A name in characters after a role in another language: "tên Hoa 林國強".
      const characters = CJK.test(text.charAt(at)) ? cjkNameAt(text, at) : null;
      if (characters) out.push(characters);
      if (m[0].length === 0) cue.lastIndex++;
    }
  }
}

// Initials before a name, as Tamil names are written (the father's initial): "S. Balakrishnan",
// "க. ராமலிங்கம்", "R. வேலாயுதம்". A lone capital and a full stop before an ordinary word ("Plan
// B. The…") is no name: the word after must be a name's.
const LATIN_INITIALS = String.raw`(?:\p{Lu}\.\s?){1,3}`;
const TAMIL_INITIALS = String.raw`(?:[\u0B85-\u0BB9][\u0BBE-\u0BCD]?\.\s?){1,2}`;
// Tamil abbreviations that are not initials: ஐ.நா. (the UN), எ.கா. (e.g.), கி.மு. and கி.பி. (BC, AD),
// மு.ப. and பி.ப. (a.m., p.m.).
const TAMIL_NOT_INITIALS = String.raw`(?!ஐ\.நா\.|எ\.கா\.|கி\.(?:மு|பி)\.|(?:மு|பி)\.ப\.)`;
const INITIALS = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}.])${TAMIL_NOT_INITIALS}(?:${LATIN_INITIALS}|${TAMIL_INITIALS})(?=[\p{Lu}\u0B80-\u0BFF])`,
  "gu",
);
const INITIALS_AT = new RegExp(String.raw`^(?:${LATIN_INITIALS}|${TAMIL_INITIALS})`, "u");

// A French compound given name written by its initials stands for the person: "J.-F. dit qu'…".
const HYPHENATED_INITIALS = /(?<![\p{L}\p{M}.-])\p{Lu}\.-\p{Lu}\.(?=[\s,;:)])/gu;

function initialledNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(HYPHENATED_INITIALS)) {
    const end = m.index + m[0].length;
    // With the family name after them when one follows: "J.-P. Tremblay".
    const family = runNameAt(text, end + 1, true);
    out.push({ start: m.index, end: family?.start === end + 1 ? family.end : end });
  }
  for (const m of text.matchAll(INITIALS)) {
    const before = text.slice(0, m.index);
    // After a currency it is one ("$ S. Selon…"); "Aiman R. Một LCTR…" is a name's last initial,
    // then the next sentence. A title may come first ("Encik A. Rahman").
    if (/[$€£¥฿₫]\s*$/u.test(before)) continue;
    const word = /(\p{Lu}[\p{Ll}\p{M}]+)\s$/u.exec(before)?.[1];
    if (word && !TITLE_WORD.test(word)) continue;
    const at = m.index + m[0].length;
    // An option's letter or a sentence's end comes before an ordinary word ("B. Lúc 16:05…",
    // "Plan B. The customer…"), an initial before a name's.
    const next = /^\p{L}[\p{L}\p{M}'’-]*/u.exec(text.slice(at))?.[0] ?? "";
    const named = FAMILY_FIRST.has(next) || FAMILY_LAST.has(next) || isGivenName(next);
    if (NOT_NAMES.has(next) || (isOrdinary(next) && !named)) continue;
    // The initial stands for the father's name: one Tamil word follows it.
    const tamil = TAMIL_WORD_AT(text, at);
    const name =
      runNameAt(text, at, true) ??
      (looksLikeTamilName(tamil) ? { start: at, end: at + tamil.length } : null);
    // "M." is Monsieur, a title the name's cue already takes: "M. D. Hale" is D. Hale.
    const title = /^M{1,2}\.\s?/u.exec(m[0])?.[0] ?? "";
    if (name && name.start === at && title.length < m[0].length) {
      out.push({ start: m.index + title.length, end: name.end });
    }
  }
}

// Listed Tamil names that are ordinary words too (pearl, flower, wealth, love, king, queen, grace,
// light, child, ray, bridge, rose): alone, they are the words.
const TAMIL_ORDINARY = new Set(
  "முத்து மணி மலர் செல்வம் அன்பு ராஜா ராணி தேவி அருள் ஜோதி பிள்ளை செல்வி கண்மணி சாந்தி கதிர் சேது ரோஜா சந்திரன் சுந்தரம் குமார் அழகு".split(
    " ",
  ),
);
// Thai words of the notes' trade that stand where names do: แชร์ (a rotating savings group's
// share), ทุน (capital), ศูนย์ (a centre), หจก (a partnership).
const THAI_COMMON_WORDS = new Set("แชร์ ลูกแชร์ ทุน ศูนย์ หจก บจก ร้าน วัด ตลาด ตำรวจ เงิน".split(" "));
// Thai titles and kin words, which stand before names (อา[PERSON 2], uncle …).
const THAI_KIN_WORDS = new Set(
  "อา ป้า ลุง น้า พี่ น้อง เจ๊ เฮีย เสี่ย ตา ยาย ปู่ ย่า แม่ พ่อ คุณ นาย นาง ก๊ะ บาบอ".split(" "),
);

/** A word in characters or in Tamil the rules know to be no one's name: 高明 (clever), நேற்று (yesterday). */
export const isCommonWord = (value: string) =>
  THAI_KIN_WORDS.has(value) ||
  THAI_AFTER_NAME.has(value) ||
  THAI_COMMON_WORDS.has(value) ||
  CJK_NOT_NAMES.test(value) ||
  CJK_PLACES.has(value) ||
  TAMIL_NOT_NAME.has(value) ||
  TAMIL_ORDINARY.has(value) ||
  TAMIL_WHEN.has(value);

/** A word the product writes in lower case, or a Tamil word that is no name alone. */
export const isOrdinaryWord = (word: string) =>
  ORDINARY.has(word.toLowerCase()) || TAMIL_ORDINARY.has(word) || TAMIL_NOT_NAME.has(word);
// Case endings a name takes in Tamil script: கார்த்திக்கிடம் (to Karthik), ராஜேஸ்வரியின் (Rajeswari's).
const TAMIL_NAME_ENDING =
  /^(?:க்கும்|ுக்கும்|வுக்கும்|யுக்கும்|யிடமும்|விடமும்|ிடமும்|யையும்|வையும்|ையும்|க்கு|உக்கு|ுக்கு|விற்கு|யிடம்|விடம்|கிடம்|இடம்|ிடம்|யின்|வின்|இன்|ின்|யுடன்|வுடன்|உடன்|ுடன்|யை|வை|ஐ|ை|யும்|வும்|ும்|ம்|வோ|யோ|வே|யே|ிற்கு|யால்|வால்|ால்)$/u;
// The case endings that replace a consonant-final name's virama (கணேசனை, முருகனுக்கு, சரவணனின்),
// and no longer word: சேகரிக்க ("to collect") is not Sekar inflected.
const TAMIL_SANDHI_ENDING =
  /^(?:ுக்கும்|ையும்|ிடமும்|ை|ைப்|ைக்|ுக்கு|ுக்குப்|ின்|ிடம்|ிடமிருந்து|ுடன்|ால்|ும்|ே|ோ|ிற்கு)$/u;
// A Tamil word, then the words that say it is someone's name: "அன்பு என்ற நபர்", "X என்பவர்".
const TAMIL_NAMED_AFTER =
  /^ ?(?:என்ற|என்கிற|எனும்) (?:நபர்|பெயர்|பெயருடைய|பெண்|ஆண்|பையன்|வாடிக்கையாளர்)|^ என்பவர்(?![\u0B80-\u0BFF])/u;

/**
 * A listed Tamil given name on its own, bare or with a case ending ("கார்த்திக் தற்போது…",
 * "நிர்மலா இது…", "ராஜேஸ்வரியின்"), unless it is an ordinary word too; and any name-like word before
 * the words that say it is a name.
 */
function tamilLoneNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(/(?<![\u0B80-\u0BFF])[\u0B80-\u0BFF]+/gu)) {
    const word = m[0];
    const named = TAMIL_NAMED_AFTER.exec(
      text.slice(m.index + word.length, m.index + word.length + 30),
    );
    // "நெருங்கிய கூட்டாளி என்பவர்…" defines a close associate: before என்பவர், only a listed name.
    const defined = named?.[0].trim() === "என்பவர்";
    if (named && looksLikeTamilName(word) && (!defined || isListedTamilName(word))) {
      out.push({ start: m.index, end: m.index + word.length });
      continue;
    }
    // A name ending in a consonant takes its ending in place of the virama: கணேசன் → கணேசனை,
    // முருகன் → முருகனுக்கு. The word is the name inflected, taken whole.
    const stem = [...TAMIL_NAMES].find(
      (name) =>
        name.length >= 4 &&
        name.endsWith("்") &&
        word.length >= name.length &&
        word.startsWith(name.slice(0, -1)) &&
        TAMIL_SANDHI_ENDING.test(word.slice(name.length - 1)) &&
        !TAMIL_ORDINARY.has(name),
    );
    if (stem) {
      out.push({ start: m.index, end: m.index + word.length });
      continue;
    }
    for (let cut = word.length; cut >= 3; cut--) {
      const name = word.slice(0, cut);
      if (!TAMIL_NAMES.has(name) || TAMIL_ORDINARY.has(name)) continue;
      // A short name takes its ending after a glide: ரவியிடம் (to Ravi), not ராமன்… in a longer word.
      const ending = word.slice(cut);
      const short = cut < 4 && !/^[யவ]/u.test(ending);
      if (cut < word.length && (short || !TAMIL_NAME_ENDING.test(ending))) continue;
      out.push({ start: m.index, end: m.index + cut });
      break;
    }
  }
}

// "'சேது அண்ணா'": a name before the words for elder brother, elder sister or sir.
const TAMIL_HONORIFIC_AFTER =
  /(?<![\u0B80-\u0BFF])([\u0B80-\u0BFF]+) (?:அண்ணா|அக்கா|ஐயா|சார்)(?![\u0B80-\u0BFF])/gu;
const TAMIL_KIN_MODIFIERS = new Set(
  "என் எனது உன் உனது அவரின் அவளது அவளுடைய மூத்த இளைய பெரிய சின்ன".split(" "),
);

function tamilHonorificNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(TAMIL_HONORIFIC_AFTER)) {
    const word = m[1] ?? "";
    if (!looksLikeTamilName(word) || TAMIL_KIN_MODIFIERS.has(word)) continue;
    out.push({ start: m.index, end: m.index + word.length });
  }
}

// At a sentence's start, one to three Tamil words before தனது ("own") are its subject: "அருண் குமார்
// செல்வம் தனது கிரெடிட் கார்டு…" (Arun Kumar Selvam, his own credit card). A role, a pronoun
// or a word for when is not a name ("வாடிக்கையாளர் தனது…", "அவர் தனது…"), and one of the words
// must be a listed name ("அடுத்த மறுஆய்வாளர் தனது…", the next reviewer, is no one).
const TAMIL_SUBJECT = new RegExp(
  String.raw`(?:^|[.;!?]\s+|\n\s*)((?:[\u0B80-\u0BFF]+ ){0,2}[\u0B80-\u0BFF]+) (?:${TAMIL_OWN})(?![\u0B80-\u0BFF])`,
  "gu",
);

function tamilSubjectNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(TAMIL_SUBJECT)) {
    const words = (m[1] ?? "").split(" ");
    const named =
      words.some(isListedTamilName) &&
      words.every(
        (word) => looksLikeTamilName(word) && !ROLE_WORD.test(word) && !TAMIL_WHEN.has(word),
      );
    if (!named) continue;
    const start = m.index + m[0].indexOf(m[1] ?? "");
    out.push({ start, end: start + (m[1] ?? "").length });
  }
}

function patternNames(text: string, out: Span[]): void {
  RUNS.lastIndex = 0;
  for (let m = RUNS.exec(text); m !== null; m = RUNS.exec(text)) {
    // A word that opens the run without being a name's ("Met Captain William Hart", "Accountant
    // Harpreet Kaur Dhillon") leaves the words after it to be read: two of them at least.
    let at = m.index;
    let run = m[0];
    let span = nameInRun(text, at, run, false, true);
    // The rest must start with a listed given name, and the run be no place ("Ho Chi Minh City")
    // and no phrase of ordinary words ("Pengubahan Wang Haram").
    const place = [...PLACE_NAMES].some((name) => run.startsWith(name));
    for (let dropped = 0; !span && !place && dropped < 2; dropped++) {
      const next = /^\S+\s+/u.exec(run)?.[0].length ?? 0;
      const rest = run.slice(next).split(/\s+/u);
      if (next === 0 || rest.length < 2 || !GIVEN_NAMES.has(rest[0] ?? "")) break;
      at += next;
      run = run.slice(next);
      span = nameInRun(text, at, run, false, true);
    }
    if (span) out.push(span);
  }
}

// A family name in capitals beside given names, as screening lists and passports write them:
// "Andrii MELNYK", "VOLKOV Sergei Nikolaevich". The capitals are a word of four letters or more
// with two vowels (no acronym such as CIMB, IFRS or FATF), and no word is an ordinary one.
const TITLED = String.raw`\p{Lu}${LOWER}+(?:-\p{Lu}?${LOWER}+)?`;
const VOWEL = "[AEIOUYÀ-ÖØ-Ý]";
const CAPS = String.raw`\p{Lu}*${VOWEL}\p{Lu}*${VOWEL}\p{Lu}*`;
const MIXED_CAPITALS = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${TITLED}(?:[ ]${TITLED})?[ ](?=\p{Lu}{4})${CAPS}|(?=\p{Lu}{4})${CAPS}(?:[ ]${TITLED}){1,3})(?![\p{L}\p{M}])`,
  "gu",
);

function mixedCapitalNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(MIXED_CAPITALS)) {
    const words = m[0].split(" ");
    const ordinary = words.some(
      (word) => isOrdinary(word) || MEMO_WORDS.has(word) || !isNameToken(word),
    );
    const span = { start: m.index, end: m.index + m[0].length };
    if (!ordinary && !isPlaceOrCompany(text, span)) out.push(span);
  }
}

/**
 * Words joined by "and" or a comma to a name found are a name too, and so on along the list:
 * "Amélie Bergeron, Kevin Dubé et Noah Sirois", "ประเสริฐ ทองดี และ อนุชา", 郑伟杰、吴佩珊和….
 */
function joinedNames(text: string, names: Span[], out: Span[]): void {
  // After a bare comma, one capitalised word is as often a month or a place: two words, a listed
  // given name, or more of the list ("…, Khánh và Đạt") say it is a name.
  const listed = (span: Span) => {
    const words = text.slice(span.start, span.end).split(/\s+/u);
    return (
      words.length >= 2 ||
      isPlainGivenName(words[0] ?? "") ||
      (/^\p{Lu}/u.test(text.slice(span.end).replace(JOINED_AFTER, "").slice(0, 1)) &&
        JOINED_AFTER.test(text.slice(span.end, span.end + 12)))
    );
  };
  const queue = [...names];
  const seen = new Set(names.map(({ start }) => start));
  const add = (span: Span | null) => {
    if (!span || seen.has(span.start)) return;
    seen.add(span.start);
    out.push(span);
    queue.push(span);
  };
  for (let name = queue.shift(); name; name = queue.shift()) {
    const { start, end } = name;
    add(aliasAfter(text, end));
    for (const neighbour of cjkListNeighbours(text, name)) add(neighbour);
    if (/[\u0E00-\u0E7F]/u.test(text.charAt(end - 1))) {
      const joined = THAI_JOIN_AFTER.exec(text.slice(end, end + 8));
      if (joined) add(thaiSpacedName(text, end + joined[0].length, true));
    }
    if (/[\u0B80-\u0BFF]/u.test(text.charAt(end - 1))) {
      const joined = TAMIL_JOIN_AFTER.exec(text.slice(end, end + 12));
      const span = joined && tamilNameAt(text, end + joined[0].length, false);
      if (span && TAMIL_NAMES.has(text.slice(span.start, span.end).split(" ")[0] ?? "")) add(span);
    }
    const after = JOINED_AFTER.exec(text.slice(end, end + 12));
    if (after) {
      const at = end + after[0].length;
      const span = runNameAt(text, at, true);
      if (span?.start === at && (after[0].trim() !== "," || listed(span))) add(span);
    }
    const before = JOINED_BEFORE.exec(text.slice(Math.max(0, start - 80), start));
    if (before?.[1]) {
      const at = start - before[0].length;
      const span = nameInRun(text, at, before[1], true);
      if (span && span.start === at && (before[0].trim() !== "," || listed(span))) add(span);
    }
  }
}

// A name's other name in brackets right after it: 王老板（王国华）, Chan Siu Ming（陈少明）,
// น้องฟ้า (กัญญาณัฐ ใจดี เกิด…), in any script.
const BRACKET_AFTER = new RegExp(String.raw`^(?:${CJK_TITLES}|老板|太)?\s?[(（]\s?`, "u");

function aliasAfter(text: string, end: number): Span | null {
  const bracket = BRACKET_AFTER.exec(text.slice(end, end + 5));
  if (!bracket) return null;
  const at = end + bracket[0].length;
  const first = text.charAt(at);
  // The other name fills the bracket, or its first part (a name, then a birth date…); a word
  // that opens it is a role (ชื่อเล่น แนน, லாரி ஓட்டுநர்) or a nickname's kin word (เสี่ยชาติ),
  // found by their own rules.
  if (CJK.test(first)) {
    // Filling the bracket, a family name and one to three characters are a name even where they
    // begin a word (王国华 holds 王国, "kingdom").
    const whole = /^[\u4e00-\u9fff]{2,4}(?=[)）])/u.exec(text.slice(at, at + 6))?.[0];
    if (whole && CJK_FAMILY_NAMES.has(whole.charAt(0)))
      return { start: at, end: at + whole.length };
    const span = cjkNameAt(text, at);
    return span && /^[)）、，,\s]/u.test(text.charAt(span.end)) ? span : null;
  }
  if (/[\u0E00-\u0E7F]/u.test(first)) {
    const opening = text.slice(at, at + 40);
    if (THAI_ROLE_SPACED_AT.test(opening) || THAI_KIN_AT.test(opening)) return null;
    // (บัตร ปชช. …), (อายุ 52), (เกิด …): an identifier's or an age's words.
    if (/^(?:บัตร|เลข|อายุ|เกิด|โทร|อีเมล|บัญชี|หนังสือ|พาสปอร์ต|ปชช|สัญชาติ|ชาว)/u.test(opening)) return null;
    // A given and a family name, or a listed given name: "(บุคคลสมมติ)" describes, it names no one.
    const span = thaiNameAt(text, at, "role");
    const words = span ? text.slice(span.start, span.end).split(" ") : [];
    return words.length === 2 || THAI_GIVEN_NAMES.has(words[0] ?? "") ? span : null;
  }
  if (/[\u0B80-\u0BFF]/u.test(first)) {
    return TAMIL_NAMES.has(TAMIL_WORD_AT(text, at)) ? tamilNameAt(text, at, false) : null;
  }
  // A nickname in quotation marks in the bracket is a name whatever its words: (« Ti-Paul »).
  const quote = /^[«"“‘']\s?/u.exec(text.slice(at, at + 3))?.[0] ?? "";
  const span = runNameAt(text, at + quote.length, quote !== "");
  return span?.start === at + quote.length ? span : null;
}

// A list of Tamil words, two of them listed given names: "தேவி, கவிதா, ரம்யா".
const TAMIL_LIST = /[\u0B80-\u0BFF]+(?:(?:,\s*|\s+மற்றும்\s+)[\u0B80-\u0BFF]+)+/gu;
const TAMIL_JOIN_AFTER = /^(?:,\s*|\s+மற்றும்\s+)/u;

// A name in Tamil letters in a list of names found in Latin ones: "Maricel Dela Cruz, டான் வெய்
// லியாங் மற்றும் Oksana Petrenko", "…, Anjali Menon, தீபிகா." One to four words, none a common one.
const TAMIL_ITEM_AFTER =
  /^(?:,\s*|\s+மற்றும்\s+)([\u0B80-\u0BFF]+(?: [\u0B80-\u0BFF]+){0,3})(?=\s*,|\s+மற்றும்\s|\s+ஆகியோ|\s*\.)/u;
const TAMIL_ITEM_BEFORE =
  /(?:^|[:,]\s*|\s)([\u0B80-\u0BFF]+(?: [\u0B80-\u0BFF]+){0,3})(?:,\s*|\s+மற்றும்\s+)$/u;

function tamilListItems(text: string, names: Span[], out: Span[]): void {
  const plain = (item: string) =>
    item.split(" ").every((word) => looksLikeTamilName(word) && !ROLE_WORD.test(word));
  for (const { start, end } of names) {
    if (!/\p{Script=Latin}/u.test(text.slice(start, end))) continue;
    const after = TAMIL_ITEM_AFTER.exec(text.slice(end, end + 80));
    if (after?.[1] && plain(after[1])) {
      const at = end + after[0].length - after[1].length;
      out.push({ start: at, end: at + after[1].length });
    }
    const before = TAMIL_ITEM_BEFORE.exec(text.slice(Math.max(0, start - 80), start));
    // Before a name, the item must follow another list mark or open the list.
    if (
      before?.[1] &&
      plain(before[1]) &&
      /(?:^|[:,])\s*$/u.test(before[0].slice(0, before[0].indexOf(before[1])))
    ) {
      const at = start - before[0].length + before[0].indexOf(before[1]);
      out.push({ start: at, end: at + before[1].length });
    }
  }
}

function tamilListNames(text: string, out: Span[]): void {
  for (const m of text.matchAll(TAMIL_LIST)) {
    const items = [...m[0].matchAll(/[\u0B80-\u0BFF]+/gu)].filter((item) => item[0] !== "மற்றும்");
    if (items.filter((item) => TAMIL_NAMES.has(item[0])).length < 2) continue;
    for (const item of items) {
      if (TAMIL_NAMES.has(item[0]))
        out.push({ start: m.index + item.index, end: m.index + item.index + item[0].length });
    }
  }
}

// Nicknames: "Ah Seng"; 阿明, 老黄; เจ๊เล็ก, เฮียชัย, น้าแดง (the kinship word is not the name).
/**
 * A name in quotation marks after the words that give someone a nickname: ชื่อเล่น 'บอย',
 * เรียกกันว่า 'โก่ง', known as "Boy", surnommé « Ti-Steve », biệt danh "Tư Mập", 外号"大头". The
 * cues name people only ("a shop called …" is not one), and the quoted name is short.
 */
const QUOTED_NICKNAME = new RegExp(
  String.raw`(?:ชื่อเล่น|เรียกกันว่า|ฉายา|(?<![\p{L}\p{M}])(?:known as|nicknamed|nickname|a\.?k\.?a\.?|alias|surnommée?|biệt danh|tên thường gọi|nama panggilan|dipanggil)|外号|绰号|昵称)\s*[:：]?\s*['"‘“「『«]\s*([^'"’”」』»\n]{1,20}?)\s*['"’”」』»]`,
  "gu",
);

const AH_NAME = /(?<![\p{L}\p{M}])Ah[ -]\p{Lu}\p{Ll}{1,6}(?![\p{L}\p{M}])/gu;
const CJK_NICKNAME = /[阿老小][\u4e00-\u9fff]/gu;
// 阿姨 (auntie), 阿公 (grandpa)…: kin, not names.
const CJK_KIN = /^阿[姨婆公伯叔嫂哥姐妹弟爸妈]$/u;
// Words and countries that begin with 阿: 阿拉伯, 阿根廷, 阿富汗, 阿联酋, 阿尔及利亚…
const CJK_AH_WORDS = /^阿(?:拉|根|富|联|尔|塞|曼|姆|里|克|布|伯|米|的|谀|弥)/u;
// The kinship word starts a phrase (เป้าหมาย, "target", holds ป้า); as above, a placeholder after
// the word is no end of a name.
const THAI_NICKNAME =
  /(?<=^|[^\u0E00-\u0E7F]|ของ|กับ|จาก|ให้|และ|ว่า|คือ|ถึง|โดย)(?:เจ๊|เฮีย|เสี่ย(?!ง)|น้า|ป้า(?!ย)|ลุง|พี่(?!ชาย|สาว|น้อง|เลี้ยง|เขย|สะใภ้)|น้อง(?!ชาย|สาว|เขย|สะใภ้|ๆ))(?!ของ|เขา|เธอ|ท่าน)([\u0E01-\u0E2E\u0E40-\u0E44][\u0E00-\u0E7F]{1,5}?)(?=ของ|ที่|เป็น|เจ้าของ|บอก|ได้|มา(?!ย)|โอน|ฝาก|ถอน|ซึ่ง|และ|กับ|ว่า|จะ|ให้|คน|ครับ|ค่ะ|คะ|นะ|จ้ะ|จ้า|[^\u0E00-\u0E7F[]|$)/gu;

const THAI_KIN_AT = /^(?:เจ๊|เฮีย|เสี่ย|น้า|ป้า|ลุง|พี่|น้อง|ชื่อ)/u;
// A family word or a lawyer written against the name: ภรรยานิภาเป็น…, หลานสาวแพรวพามา…,
// ลูกเขยต้นยอมรับ…, ทนายชัยวัฒน์ ที่… (ทนายความ is "lawyer" whole). A placeholder's bracket after
// the word is no end of a name: the name is what it replaced.
const THAI_KIN_NAME =
  /(?<=^|[^\u0E00-\u0E7F]|ของ|กับ|จาก|ให้|และ|ว่า|คือ|โดย)(?:ภรรยา|สามี|ลูกชาย|ลูกสาว|หลานชาย|หลานสาว|ลูกเขย|ลูกสะใภ้|ทนาย(?!ความ)|อาจารย์|ครู|หมอ(?!ง))(?!ยาย|ย่า|ปู่|(?:ตา|พ่อ|แม่|ป้า|ลุง|น้า|อา)(?![\u0E00-\u0E7F])|ของ|มา|ได้|เพิ่ง|ที่|เป็น|จะ|ก็|ไม่|ยัง|เคย|และ|กับ|ให้|ว่า|คือ|ซึ่ง|อยู่|ไป|บอก|ถูก|ต้อง|ทำ|เอง|คน|ทั้ง|ด้วย|ขอ|ช่วย|เข้า|ออก|โอน|ถอน|ฝาก|รับ|ส่ง|เช่น|หรือ|แต่|นั้น|นี้|เขา|เธอ|ผู้)([\u0E01-\u0E2E\u0E40-\u0E44][\u0E00-\u0E7F]{1,7}?)(?=ของ|ที่|เป็น|บอก|ได้|มา|พา|ยอม|ยืนยัน|โอน|ฝาก|ถอน|ซึ่ง|และ|กับ|ว่า|จะ|ให้|[^\u0E00-\u0E7F[]|$)/gu;

function nicknames(text: string, out: Span[]): void {
  for (const m of text.matchAll(AH_NAME)) {
    const span = { start: m.index, end: m.index + m[0].length };
    // "Ah Huat Provision Shop" is a shop.
    if (!isPlaceOrCompany(text, span)) out.push(span);
  }
  for (const m of text.matchAll(QUOTED_NICKNAME)) {
    const name = m[1] ?? "";
    if (name.trim().split(/\s+/u).length > 3 || /\p{N}/u.test(name)) continue;
    // Wherever else the nickname stands in quotation marks ("'บอย' คือนายณัฐพล"), it is the same.
    const quoted = new RegExp(String.raw`['"‘“「『«]\s*(${escape(name)})\s*['"’”」』»]`, "gu");
    for (const again of text.matchAll(quoted)) {
      const start = again.index + again[0].indexOf(name);
      out.push({ start, end: start + name.length });
    }
  }
  for (const m of text.matchAll(CJK_NICKNAME)) {
    const name = m[0];
    // 养老金 (pension) is not 老金: a nickname starts a phrase.
    const previous = text.charAt(m.index - 1);
    // …or follows a role or a naming verb: 会计阿芬, 朋友叫他阿杰.
    // A quotation mark may stand between: 秘书“小美”.
    const preceding = text.slice(Math.max(0, m.index - 7), m.index);
    const quoted = /[“"「『]$/u.test(preceding);
    const cued = CJK_CUE_BEFORE.test(quoted ? preceding.slice(0, -1) : preceding);
    if (CJK.test(previous) && !CJK_STOP.has(previous) && !cued) continue;
    // …and ends one: 阿明说, 老黄也; 阿拉伯 (Arabia) and 小时 run on. After a role the name may run
    // into the next word (司机阿强手上), but not into a country's (员工阿拉伯语).
    const next = text.charAt(m.index + 2);
    const closed = !CJK.test(next) || CJK_STOP.has(next) || /^[”"」』]/u.test(next);
    if (!closed && !(cued && !CJK_AH_WORDS.test(text.slice(m.index, m.index + 3)))) continue;
    if (CJK_KIN.test(name)) continue;
    // 老/小 before a family name only: 老黄, 小王 (小时 is an hour, 老人 an old man); after a role,
    // 小 may come before a given name in quotation marks or one of a given name's characters
    // (秘书“小美”, 秘书小敏; not 秘书小时).
    const given = quoted || CJK_GIVEN_CHARS.has(name.charAt(1));
    if (!name.startsWith("阿") && !CJK_FAMILY_NAMES.has(name.charAt(1)) && !(cued && given))
      continue;
    out.push({ start: m.index, end: m.index + name.length });
  }
  for (const m of text.matchAll(THAI_KIN_NAME)) {
    const name = m[1] ?? "";
    if (THAI_NOT_NAME.test(name) || THAI_AFTER_YOU.test(name)) continue;
    out.push({ start: m.index + m[0].length - name.length, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(THAI_NICKNAME)) {
    const name = m[1] ?? "";
    out.push({ start: m.index + m[0].length - name.length, end: m.index + m[0].length });
  }
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

// Streets, schools, shops, branches and markets named for someone, up to three capitalised words
// after their word on the same line:
// "Jalan Tuanku Abdul Rahman", "trường THPT Lê Hồng Phong", "Dépanneur Chez Ti-Paul", "Kedai Kunci
// Ah Chong", "Pharmacie Jean Coutu", "phở Hùng Vương", "ถนนวิภาวดี".
const NAMED_PLACE_BEFORE =
  /(?:(?:Jalan|Jln|Lorong|Persiaran|Lebuh|Lebuhraya|Taman|THPT|THCS|[Tt]rường|[Đđ]ường|[Pp]hố|rue|avenue|boulevard|Kedai(?: Runcit| Kunci| Makan| Kopi| Emas)?|Restoran|Pharmacie|Marché|Boulangerie|Dépanneur|Épicerie|Restaurant|[Pp]hở|[Bb]ánh mì|[Bb]anh mi|[Qq]uán|[Tt]iệm(?: vàng)?|[Nn]hà hàng|[Pp]hòng giao dịch|PGD|[Cc]hi nhánh|[Cc]hợ|Pasar|Lycée|[Éé]cole|[Pp]âtisserie|[ée]picerie|succursale)[^\S\n]+(?:\p{Lu}[\p{L}\p{M}-]*[^\S\n]+){0,3}|\bChez\s+|(?:ถนน|ถ\.|ซอย|ซ\.)\s?|ร้าน(?:ป้า|ลุง|น้า|เจ๊|เฮีย))$/u;

/** "Ong Boon Hock": a Chinese name in Latin letters, its family name first and two given syllables. */
const chineseInLatin = (words: readonly string[]) =>
  words.length === 3 &&
  FAMILY_LAST.has(words[0] ?? "") &&
  !MIDDLE_NAMES.has(words[1] ?? "") &&
  words.every((word) => /^[A-Z][a-z]+$/u.test(word));

// A firm's word up to four characters on, none of them a particle or a verb that ends a name
// (陈国栋的公司 is his company; 郑雅婷与仲介公司… is she and the agency).
const CJK_STOP_HAN = [...CJK_STOP].filter((char) => CJK.test(char)).join("");
const CJK_FIRM_AFTER = new RegExp(
  `^(?:(?![${CJK_STOP_HAN}])[\\u4e00-\\u9fff]){0,4}(?:有限公司|公司|集团|贸易|商行|企业)|^(?:大厦|大廈|中心|广场|廣場|花园|花園|酒店|餐厅|餐廳|茶餐厅|茶餐廳|凉茶|涼茶|金舖|金铺|肉骨茶)`,
  "u",
);

/**
 * Whether a known name at `span` is part of a firm's, a place's, a street's or a shop's name, or
 * of another word: no word ends before a vowel or a tone mark (นก is not in ไหนก็). "at" or "on"
 * before it is no sign here: the person is known ("call back on Kumar").
 */
/**
 * Where the Tamil word that goes on at `end` ends, when what follows is a case ending a name takes
 * (ராஜேஸ்வரி|யின்); `end` itself when no Tamil letter follows; null when the word goes on otherwise.
 */
export function tamilWordEnd(text: string, end: number): number | null {
  const rest = /^[\u0B80-\u0BFF]+/u.exec(text.slice(end, end + 20))?.[0] ?? "";
  if (rest === "") return end;
  return TAMIL_NAME_ENDING.test(rest) ? end + rest.length : null;
}

/** Two words or more, or three characters or more: a name whole, not a part of one. */
const isWholeName = (value: string) =>
  /\S\s+\S/u.test(value) || /^[\u4e00-\u9fff]{3,}$/u.test(value);

export function namesSomethingElse(text: string, span: Span): boolean {
  const before = text.slice(Math.max(0, span.start - 60), span.start);
  const after = text.slice(span.end, span.end + 80);
  const value = text.slice(span.start, span.end);
  const streetBefore = PLACE_BEFORE.test(before) && !/\b(?:at|on)\s+$/iu.test(before);
  // A whole name (two words or more, three characters or more) after a firm's or a street's word
  // is still someone's ("daripada syarikat Wong Siew Ting, …"); only words after it make it the
  // name of something else ("Okonkwo Adeyemi Trading Ltd").
  const whole = isWholeName(value);
  return (
    /^\p{M}/u.test(after) ||
    // Tamil writes spaces between words: a name is a word, or a word's start before a case ending
    // (not என் of என்பவர்).
    (/[\u0B80-\u0BFF]$/u.test(before + value) && tamilWordEnd(text, span.end) === null) ||
    PLACE_AFTER.test(after) ||
    COMPANY_AFTER.test(after) ||
    CJK_FIRM_AFTER.test(simplifiedChinese(after.slice(0, 12))) ||
    (!whole &&
      (streetBefore || COMPANY_BEFORE.test(before) || NAMED_PLACE_BEFORE.test(before.slice(-40))))
  );
}

/** Three words or more, a Vietnamese family name first, a Vietnamese letter or middle name in it. */
const isVietnameseFullName = (words: readonly string[]) =>
  words.length >= 3 &&
  FAMILY_FIRST.has(words[0] ?? "") &&
  words.some((word) => VIETNAMESE_SYLLABLE.test(word) || MIDDLE_NAMES.has(word));

const CAPITALISED_NEIGHBOUR_BEFORE = /(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}]*\s$/u;
const CAPITALISED_NEIGHBOUR_AFTER = /^\s\p{Lu}/u;

function vietnameseGivenMentions(text: string, given: ReadonlySet<string>, out: Span[]): void {
  for (const name of given) {
    if (name.length < 2) continue;
    const pattern = new RegExp(String.raw`(?<![\p{L}\p{M}])${escape(name)}(?![\p{L}\p{M}])`, "gu");
    for (const m of text.matchAll(pattern)) {
      const span = { start: m.index, end: m.index + name.length };
      const before = CAPITALISED_NEIGHBOUR_BEFORE.exec(
        text.slice(Math.max(0, span.start - 20), span.start),
      );
      const glued =
        (before !== null && !TITLE_WORD.test(before[0].trim())) ||
        CAPITALISED_NEIGHBOUR_AFTER.test(text.slice(span.end, span.end + 2));
      if (!glued && !isPlaceOrCompany(text, span) && !namesSomethingElse(text, span))
        out.push(span);
    }
  }
}

/** Later mentions of a name found: in full, or a part of it long enough to be telling. */
function mentions(text: string, names: Span[], out: Span[]): void {
  const parts = new Set<string>();
  const vietnameseGiven = new Set<string>();
  // "Ong Boon Hock" goes by Ong or Boon Hock: one syllable of a Chinese given name alone is as
  // often a place's or a firm's (Boon Lay, Hock Seng Motor).
  const givenPairs = new Set(
    names
      .map(({ start, end }) => text.slice(start, end).split(/\s+/u))
      .filter(chineseInLatin)
      .map((words) => words.slice(1).join(" ")),
  );
  for (const { start, end } of names) {
    const name = text.slice(start, end);
    parts.add(name);
    if (givenPairs.has(name)) continue;
    if (CJK.test(name)) {
      // 约翰 and 史密斯 after 约翰·史密斯; 欧阳 after 欧阳俊杰; 佐藤 after 佐藤健一.
      for (const part of name.split(/[·・•‧]/u))
        if (part !== name && part.length >= 2) parts.add(part);
      const compound = CJK_COMPOUND_FAMILY.exec(name)?.[0];
      const japanese = japaneseFamilyAt(name, 0);
      if (compound && name.length >= 3) parts.add(compound);
      if (japanese && name.length > japanese) parts.add(name.slice(0, japanese));
      // 志明 after 黄志明, 明远 after 上官明远: a name's given name of two characters.
      const familyLength = compound ? 2 : 1;
      const given = name.slice(familyLength);
      if (
        given.length === 2 &&
        (compound || CJK_FAMILY_NAMES.has(name.charAt(0))) &&
        !CJK_NOT_NAMES.test(given) &&
        !CJK_RANK_AT.test(given) &&
        !CJK_TITLE_AT.test(given)
      )
        parts.add(given);
      continue;
    }
    // Thai and Tamil people go by their given name, the first word; the second (a family or a
    // father's name) is as often an ordinary word (மணி, "hour").
    const words = name.replace(INITIALS_AT, "").split(/\s+/);
    if (chineseInLatin(words)) {
      parts.add(words[0] ?? "");
      parts.add(words.slice(1).join(" "));
      continue;
    }
    // A Vietnamese full name's given name, the last word, is how its bearer is called, short or a
    // word as it may be (An, Bình, Nam): standing apart from other capitalised words (Long An,
    // Hòa Bình, Việt Nam are places).
    if (isVietnameseFullName(words)) vietnameseGiven.add(words.at(-1) ?? "");
    const telling = /[\u0E00-\u0E7F\u0B80-\u0BFF]/u.test(name) ? words.slice(0, 1) : words;
    for (const part of telling) {
      if (part.length >= 3 && !isJoiner(part) && !MIDDLE_NAMES.has(part) && isNameToken(part)) {
        parts.add(part);
      }
    }
  }
  for (const part of parts) {
    if (/^[\u0B80-\u0BFF]+$/u.test(part)) {
      tamilMentions(text, part, out);
      continue;
    }
    // Thai and Chinese words run into the words around them; Latin names stand apart from
    // Latin letters, not from the characters of a script without spaces ("Hằng说是…").
    const pattern = /[\u0E00-\u0E7F\u0B80-\u0BFF\u4e00-\u9fff]/u.test(part)
      ? new RegExp(escape(part), "gu")
      : new RegExp(
          String.raw`(?<![\p{Script=Latin}\p{M}])${escape(part)}(?![\p{Script=Latin}\p{M}])`,
          "gu",
        );
    for (const m of text.matchAll(pattern)) {
      const span = { start: m.index, end: m.index + part.length };
      // Not in a firm's, a place's, a street's, a school's or a shop's name: 美玲发展有限公司,
      // "Jalan Tuanku Abdul Rahman", "Dépanneur Chez Ti-Paul" (a whole name, only by what follows).
      const place = !isWholeName(part) && isPlaceOrCompany(text, span);
      if (!place && !namesSomethingElse(text, span)) out.push(span);
    }
  }
  vietnameseGivenMentions(text, vietnameseGiven, out);
}

// A Tamil name's later mentions with the case ending it takes: ரிஸ்னா → ரிஸ்னாவுக்கு, கஜன் → கஜனின்,
// ஆறுமுகம் → ஆறுமுகத்திடம். The whole word is the mention.
const TAMIL_AM_ENDING = /^த்த(?:ின்|ிடம்|ுக்கு|ுக்குப்|ை|ைப்|ுடன்|ால்|ும்|ிற்கு|ிலிருந்து)$/u;

function tamilInflected(part: string, word: string): boolean {
  if (word === part) return true;
  if (word.startsWith(part) && TAMIL_NAME_ENDING.test(word.slice(part.length))) return true;
  if (!part.endsWith("்")) return false;
  const base = part.slice(0, -1);
  if (word.startsWith(base) && TAMIL_SANDHI_ENDING.test(word.slice(base.length))) return true;
  const am = part.slice(0, -2);
  return part.endsWith("ம்") && word.startsWith(am) && TAMIL_AM_ENDING.test(word.slice(am.length));
}

function tamilMentions(text: string, part: string, out: Span[]): void {
  for (const m of text.matchAll(/[\u0B80-\u0BFF]+/gu)) {
    // மணி inflected (மணிக்கு, "at … o'clock") is the word, not the name.
    if (!tamilInflected(part, m[0]) || (m[0] !== part && TAMIL_ORDINARY.has(part))) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    if (!isPlaceOrCompany(text, span) && !namesSomethingElse(text, span)) out.push(span);
  }
}

// A name written in one script and mentioned in the other: Rashedul and ரஷீதுல், திவ்யா and Thivya.
// Both are read as the consonants they sound (k and g alike, as Tamil writes them with one letter;
// vowels, h and y left out) and must agree on three at least.
const TAMIL_SOUND: Record<string, string> = {
  க: "K",
  ங: "N",
  ச: "S",
  ஞ: "N",
  ட: "T",
  ண: "N",
  த: "T",
  ந: "N",
  ப: "P",
  ம: "M",
  ர: "R",
  ல: "L",
  வ: "V",
  ழ: "L",
  ள: "L",
  ற: "R",
  ன: "N",
  ஜ: "S",
  ஷ: "S",
  ஸ: "S",
  ஃ: "P",
};
const LATIN_SOUNDS: [RegExp, string][] = [
  [/sh|ch|jh|zh/gu, "S"],
  [/th|dh|tt|dd/gu, "T"],
  [/ph|bh|ff/gu, "P"],
  [/kh|gh|ck|qu/gu, "K"],
  [/ng/gu, "N"],
  [/c(?=[eiy])/gu, "S"],
  [/[kgqc]/gu, "K"],
  [/[jsz]/gu, "S"],
  [/[td]/gu, "T"],
  [/[pbf]/gu, "P"],
  [/[vw]/gu, "V"],
  [/x/gu, "KS"],
];
const collapse = (sounds: string) => sounds.replace(/(.)\1+/gu, "$1");

function latinSounds(word: string): string {
  let lower = word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  for (const [pattern, sound] of LATIN_SOUNDS) lower = lower.replace(pattern, sound);
  return collapse(
    lower.replace(/[a-z'’-]/gu, (char) => ({ m: "M", n: "N", r: "R", l: "L" })[char] ?? ""),
  );
}

const tamilSounds = (word: string) =>
  collapse([...word].map((char) => TAMIL_SOUND[char] ?? "").join(""));

/** A Tamil word's readings: as written, and without a case ending a name takes. */
function tamilStems(word: string): string[] {
  const stems = [word];
  for (let cut = word.length - 1; cut >= 2; cut--) {
    const ending = word.slice(cut);
    if (TAMIL_NAME_ENDING.test(ending)) stems.push(word.slice(0, cut));
    if (TAMIL_SANDHI_ENDING.test(ending)) stems.push(`${word.slice(0, cut)}்`);
    if (TAMIL_AM_ENDING.test(ending)) stems.push(`${word.slice(0, cut)}ம்`);
  }
  return stems;
}

function crossScriptMentions(text: string, names: Span[], out: Span[]): void {
  const latin = new Set<string>();
  const tamil = new Set<string>();
  for (const { start, end } of names) {
    for (const word of text.slice(start, end).split(/\s+/u)) {
      if (/^[\u0B80-\u0BFF]+$/u.test(word)) {
        const sounds = tamilSounds(word);
        if (sounds.length >= 3) tamil.add(sounds);
      } else if (/^\p{Lu}[\p{Ll}\p{M}'’-]{3,}$/u.test(word) && !isOrdinary(word)) {
        const sounds = latinSounds(word);
        if (sounds.length >= 3) latin.add(sounds);
      }
    }
  }
  if (latin.size > 0) {
    for (const m of text.matchAll(/[\u0B80-\u0BFF]+/gu)) {
      if (!tamilStems(m[0]).some((stem) => latin.has(tamilSounds(stem)))) continue;
      const span = { start: m.index, end: m.index + m[0].length };
      if (!TAMIL_NOT_NAME.has(m[0]) && !namesSomethingElse(text, span)) out.push(span);
    }
  }
  if (tamil.size > 0) {
    for (const m of text.matchAll(/(?<![\p{L}\p{M}])\p{Lu}[\p{Ll}\p{M}]{3,}(?![\p{L}\p{M}])/gu)) {
      if (isOrdinary(m[0]) || !tamil.has(latinSounds(m[0]))) continue;
      const span = { start: m.index, end: m.index + m[0].length };
      if (!isPlaceOrCompany(text, span) && !namesSomethingElse(text, span)) out.push(span);
    }
  }
}

// A name found, then a middle initial and a family name: "Tyler" of "Tyler J. Boateng" is the
// whole name. ("Annex A. Tan…" is not: the word before the initial must be a name found.)
const MIDDLE_INITIAL_AFTER = new RegExp(String.raw`^\s\p{Lu}\.\s(${WORD})(?![\p{L}\p{M}])`, "u");

function withMiddleInitials(text: string, names: Span[]): void {
  for (const name of names) {
    const family = MIDDLE_INITIAL_AFTER.exec(text.slice(name.end, name.end + 40));
    if (family?.[1] && isNameToken(family[1]) && !isOrdinary(family[1])) {
      name.end += family[0].length;
    }
  }
}

// Two or more words in capitals ("LOAN RETURN TO FARHAN ISKANDAR", a remittance's remark).
const CAPITALS_RUN =
  /(?<![\p{Script=Latin}\p{N}])\p{Lu}{2,}(?:[ ]\p{Lu}{2,})+(?![\p{Script=Latin}\p{N}])/gu;
const titled = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
const MEMO_PARTY =
  /(?<![\p{L}\p{M}])(?:BENEFICIARY|REMITTER|SENDER|PAYEE|PAYER|PENERIMA|PENGIRIM|BÉNÉFICIAIRE)(?=\s*[:：])/gu;
const MEMO_PARTY_BEFORE =
  /(?:BENEFICIARY|BENEFICIARY NAME|REMITTER|SENDER|ORDERING CUSTOMER|PAYEE|PAYER|PENERIMA|PENGIRIM|BÉNÉFICIAIRE|DONNEUR D'ORDRE|NGƯỜI NHẬN|NGUOI NHAN|NGƯỜI GỬI|NGUOI GUI|NGƯỜI CHUYỂN|NGUOI CHUYEN|ATTN|A\/C NAME|NAMA|CHECKER|MAKER|KIEM SOAT|KIỂM SOÁT|DISEMAK OLEH)\s*[:：]?\s*$/u;
// Short words a remittance's memo writes in capitals after a name.
const MEMO_WORDS = new Set(
  "TO AND THE FOR OF IN ON AT AS BY IS WAS ARE SENT PAID PAY VIA FROM REF RE INV PO LTD CO PTE SDN BHD INC USD SGD MYR HKD THB VND CAD EUR GBP RMB AUD NO ONLY ALSO SAME WITH ONE TWO FEE LOAN GIFT".split(
    " ",
  ),
);

// A role in capitals, a colon, and the words in capitals after it: "CHECKER: PLOY/ARTHIT".
const CAPITAL_ROLE =
  /(?<![\p{L}\p{M}])(\p{Lu}{2,}(?:[ ]\p{Lu}{2,}){0,2})(\s?[:：]\s*)(\p{Lu}{2,}(?:(?:[ ]|\s?\/\s?)\p{Lu}{2,}){0,3})(?![\p{L}\p{M}])/gu;
// A patronymic in capitals: "ABANG ZAINUDDIN BIN ABANG SALLEH", "RAVINDRAN A/L KRISHNAN".
const CAPITAL_PATRONYMIC = new RegExp(
  String.raw`(?<![\p{L}\p{N}])((?:\p{Lu}{2,}[ ]){0,3}\p{Lu}{2,})[ ](${CONNECTORS.toUpperCase()})[ ](\p{Lu}{2,}(?:[ ]\p{Lu}{2,}){0,3})(?![\p{L}\p{N}/])`,
  "gu",
);
const memoOrWord = (word: string) => MEMO_WORDS.has(word) || isOrdinary(word);

/** The words of a patronymic in capitals as a name writes them, up to a memo's or an ordinary word. */
function capitalPatronymic(match: string, before: string, connector: string, after: string) {
  const left = before.split(" ");
  let from = left.length - 1;
  while (from > 0 && !memoOrWord(left[from - 1] ?? "")) from--;
  const right = after.split(" ");
  // An ordinary word inside the parent's name is a title or a name (BIN ABANG SALLEH).
  let to = 1;
  while (
    to < right.length &&
    !MEMO_WORDS.has(right[to] ?? "") &&
    (!isOrdinary(right[to] ?? "") || (to + 1 < right.length && !memoOrWord(right[to + 1] ?? "")))
  )
    to++;
  return [
    ...left.slice(0, from),
    ...left.slice(from).map(titled),
    connector.toLowerCase(),
    ...right.slice(0, to).map(titled),
    ...right.slice(to),
  ].join(" ");
}

/**
 * Words in capitals written as a name is where a listed given or family name stands, and the
 * words that follow it in the run ("TAN WEI LIANG" as Tan Wei Liang); the rest in lower case, so
 * that "LOAN RETURN TO" and "BANK NEGARA" are no name.
 */
function capitalsAsNames(text: string): string {
  // The memo's word for the party is a role, read as one: "BENEFICIARY:" is "beneficiary:".
  // So is a role in capitals before a colon ("CONTRÔLE :"), and the words after it are names
  // ("CHECKER: PLOY/ARTHIT").
  let parties = text
    .replace(MEMO_PARTY, (word) => word.toLowerCase())
    .replace(CAPITAL_ROLE, (all, role: string, colon: string, names: string) =>
      ROLE_WORD.test(role.toLowerCase())
        ? role.toLowerCase() +
          colon +
          names.replace(/\p{Lu}+/gu, (word) => (MEMO_WORDS.has(word) ? word : titled(word)))
        : all,
    );
  // Again for a patronymic whose first words the one before took as its parent's name's end.
  for (let pass = 0; pass < 2; pass++)
    parties = parties.replace(CAPITAL_PATRONYMIC, capitalPatronymic);
  return parties.replace(CAPITALS_RUN, (run, offset: number) => {
    // After a memo's word for who pays or is paid, the words are a name whatever they are:
    // "PENERIMA: YOHANES MANURUNG", "BENEFICIARY: CHAN TAI MAN".
    if (MEMO_PARTY_BEFORE.test(text.slice(Math.max(0, offset - 24), offset).toUpperCase())) {
      return run.replace(/\p{Lu}+/gu, (word) => (MEMO_WORDS.has(word) ? word : titled(word)));
    }
    let inName = false;
    // Words after a Chinese family name: its given syllables, short, even where English has the
    // word ("CHAN TAI MAN"), but not a memo's own words ("CHAN SENT USD").
    let syllables = 0;
    return run.replace(/\p{Lu}+/gu, (word) => {
      const title = titled(word);
      const listed = GIVEN_NAMES.has(title) || FAMILY_FIRST.has(title) || FAMILY_LAST.has(title);
      const syllable = syllables > 0 && word.length <= 5 && !MEMO_WORDS.has(word);
      inName = listed || syllable || (inName && !isOrdinary(title));
      syllables = FAMILY_LAST.has(title) ? 2 : syllable ? syllables - 1 : 0;
      return inName ? title : word.toLowerCase();
    });
  });
}

// A chat's speakers: a name before a colon at a line's start, after a time if one is written
// ("[09:08] shah: ic bunga?", "jiahui: morning", "阿强：收到"), in lower case or not.
const SPEAKER =
  /(?<=^|\n)[ \t]*(?:\[?(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?,?[ \t]+)?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\]?[ \t]*)?(?:[-*•>][ \t]*)?([\p{L}][\p{L}\p{M}.'’-]{0,20}(?:[ \t][\p{L}][\p{L}\p{M}.'’-]{0,20})?)[ \t]?[:：][ \t]*(?=\S)/gu;
// Words that head a note's lines as labels, not speakers.
const LINE_LABELS = new Set(
  "from to cc bcc subject re fw fwd date time ref note notes remarks update action outcome status summary email phone mobile tel address dob nric ic passport account acct amount total customer client victim suspect case reviewer approver analyst beneficiary sender agent caller officer teller staff bank police scammer me q a question answer ans reply response result finding findings decision reason step steps next to-do task tasks risk alert trigger source purpose comment comments feedback issue issues flag flags evidence 客户 备注 结论 注意 日期 时间 金额 地址 电话 原因 处理 结果 说明 问题 回复 答复 หมายเหตุ สรุป วันที่ เวลา ผล nota tarikh masa tindakan pelanggan ghi chú kết luận ngày lưu ý khách hàng remarque objet de à குறிப்பு pv kh nv hỏi đáp ถาม ตอบ soalan jawapan réponse เจ้าหน้าที่ ลูกค้า ผู้แจ้ง ผู้ตรวจสอบ ผู้เสียหาย พนักงาน ผู้ร้อง แก้ ผู้ให้ถ้อยคำ".split(
    " ",
  ),
);

// A title or a role in a chat's lower case, then a name in lower case: "mdm lim soo cheng",
// "inspector raymond ong", "son neveu jonathan". The first word must be a listed given or family
// name, and no word an ordinary one.
const LOWER_TITLE =
  /(?<![\p{L}\p{M}])(?:mdm|mr|mrs|ms|madam|encik|puan|cik|inspector|insp|sgt|uncle|auntie|aunty|dr|tuan|dato|datin|mme|mlle|madame|monsieur)\.?\s+(?=\p{Ll})/gu;

function lowerCaseTitled(text: string, out: Span[]): void {
  const titles = [...text.matchAll(LOWER_TITLE)].map((m) => ({ m, role: false }));
  const roles = [...text.matchAll(ROLE)].map((m) => ({ m, role: true }));
  for (const { m, role } of [...titles, ...roles]) {
    const at = m.index + m[0].length;
    let end = at;
    for (const word of /^\p{Ll}+(?: \p{Ll}+){0,2}/u.exec(text.slice(at))?.[0].split(" ") ?? []) {
      const title = word.charAt(0).toUpperCase() + word.slice(1);
      // After a role, a given name only: a family name in lower case is as often a word there.
      const listed = GIVEN_NAMES.has(title) || (!role && FAMILY_FIRST.has(title));
      // Vietnamese writes its words in lower case (hồ sơ, lý do): no name is read in them.
      const vietnamese = VIETNAMESE_SYLLABLE.test(word);
      if ((end === at && !listed) || vietnamese || isOrdinary(word) || NOT_NAMES.has(title)) break;
      end += (end === at ? 0 : 1) + word.length;
    }
    if (end > at) out.push({ start: at, end });
  }
}

/** The speakers of a chat: names that open two lines or more, where two speakers at least talk. */
function chatSpeakers(text: string, out: Span[]): void {
  const turns = new Map<string, Span[]>();
  for (const m of text.matchAll(SPEAKER)) {
    const name = m[1] ?? "";
    const label = LINE_LABELS.has(name.toLowerCase());
    // A word that is also an ordinary one or a title elsewhere may be a speaker's name (tuan, hoa):
    // the turns decide.
    if (label || name.length < 2 || /\d/u.test(name)) continue;
    const start = m.index + m[0].indexOf(name);
    turns.set(name, [...(turns.get(name) ?? []), { start, end: start + name.length }]);
  }
  const speakers = [...turns.values()].filter((spans) => spans.length >= 2);
  const said = speakers.reduce((sum, spans) => sum + spans.length, 0);
  if (speakers.length >= 2 && said >= 4) for (const spans of speakers) out.push(...spans);
}

// A transcript's speaker by a family name alone, the family name of someone it names in full:
// "许：不知道。" after 许志强.
const CJK_SPEAKER = /(?<=^|\n|\s)([\u4e00-\u9fff]{1,2})[：:]/gu;

function cjkSpeakers(text: string, names: Span[], out: Span[]): void {
  const families = new Set(
    names
      .map(({ start, end }) => text.slice(start, end))
      .filter((name) => name.length >= 3 && CJK.test(name))
      .map((name) => CJK_COMPOUND_FAMILY.exec(name)?.[0] ?? name.charAt(0)),
  );
  for (const m of text.matchAll(CJK_SPEAKER)) {
    const family = m[1] ?? "";
    if (families.has(family)) out.push({ start: m.index, end: m.index + family.length });
  }
}

// A table written as text, its cells between "|" or tabs: under a column headed "Name", "Nom",
// "Nama", "Họ tên", "姓名", "ชื่อ" or "பெயர்" (or the customer's, the holder's), the cell's words
// are a name, up to a bracket or a comma ("Bunga Pertiwi (ID, KTP …)").
const NAME_HEADER =
  /^(?:(?:full |customer |client |account |holder['’]?s? )?name|account holder|holder|customer|client|subject|nom(?: complet| du client)?|cliente?|titulaire|nama(?: pelanggan| penuh)?|pelanggan|pemegang akaun|họ(?: và)? tên|tên(?: khách hàng)?|khách hàng|ho ten|姓名|名字|客户|户名|ชื่อ(?:-(?:นาม)?สกุล|ลูกค้า)?|ลูกค้า|பெயர்|வாடிக்கையாளர்)$/iu;
const CELL_NAME = /^[\p{L}\p{M}](?:[\p{L}\p{M}'’./-]|[ ](?=[\p{L}\p{M}])){0,60}/u;

function tableNames(text: string, out: Span[]): void {
  let column = -1;
  let offset = 0;
  for (const line of text.split("\n")) {
    const cells = line.split(/[|\t]/u);
    const header =
      cells.length >= 2 ? cells.findIndex((cell) => NAME_HEADER.test(cell.trim())) : -1;
    if (header >= 0) column = header;
    else if (column >= 0 && cells.length > column) {
      const cell = cells[column] ?? "";
      const lead = cell.length - cell.trimStart().length;
      const name = CELL_NAME.exec(cell.slice(lead))?.[0].trimEnd() ?? "";
      const words = name.split(" ");
      if (
        name.length >= 2 &&
        words.length <= 6 &&
        !words.some((word) => COMPANY_WORD.test(word)) &&
        !COMPANY_BEFORE.test(name)
      ) {
        const start = offset + cells.slice(0, column).reduce((sum, c) => sum + c.length + 1, 0);
        out.push({ start: start + lead, end: start + lead + name.length });
      }
    } else if (cells.length < 2) column = -1;
    offset += line.length + 1;
  }
}

export function findPeople(written: string, found: Candidate[], rank: number): void {
  // Names in traditional characters read as in simplified ones, and names in capitals as names
  // are written, at the same offsets.
  const text = capitalsAsNames(simplifiedChinese(written));
  const names: Span[] = [];
  cuedNames(text, names);
  patternNames(text, names);
  mixedCapitalNames(text, names);
  withMiddleInitials(text, names);
  initialledNames(text, names);
  tamilHonorificNames(text, names);
  tamilSubjectNames(text, names);
  tamilLoneNames(text, names);
  chatSpeakers(text, names);
  tableNames(text, names);
  lowerCaseTitled(text, names);
  cjkNames(text, names);
  cjkStandaloneNames(text, names);
  cjkDottedNames(text, names);
  cjkJapaneseNames(text, names);
  thaiNames(text, names);
  joinedNames(text, [...names], names);
  tamilListNames(text, names);
  tamilListItems(text, [...names], names);
  const all = [...names];
  mentions(text, names, all);
  cjkSpeakers(text, names, all);
  if (/[\u0B80-\u0BFF]/u.test(text)) crossScriptMentions(text, names, all);
  // A nickname is short and its later mentions too often part of a word (ต้นทุน, "cost").
  const nicknamed: Span[] = [];
  nicknames(text, nicknamed);
  all.push(...nicknamed);
  // น้องฟ้า (กัญญาณัฐ ใจดี…): a nickname's full name in brackets.
  for (const { end } of nicknamed) {
    const alias = aliasAfter(text, end);
    if (alias) all.push(alias);
  }
  // A nickname in characters found once (秘书“小陈”) goes wherever else it is written: 阿/小/老 and
  // a character do not hide inside other words as a Thai nickname does (ต้น in ต้นทุน).
  for (const nickname of new Set(nicknamed.map(({ start, end }) => text.slice(start, end)))) {
    if (!/^[阿小老][\u4e00-\u9fff]$/u.test(nickname)) continue;
    for (let at = text.indexOf(nickname); at !== -1; at = text.indexOf(nickname, at + 1)) {
      all.push({ start: at, end: at + nickname.length });
    }
  }
  for (const span of all) found.push({ ...span, type: "PERSON", rank });
}
