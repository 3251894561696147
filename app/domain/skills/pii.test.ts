import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NEGATIVES, POSITIVES } from "../../../tests/fixtures/pii-corpus";
import type { CorpusNote } from "../../../tests/fixtures/pii/corpus";
import {
  PII_TARGETS,
  UNREAD_SETS,
  corpus,
  evaluatePii,
  meetsTargets,
  reportLines,
} from "../../../tests/fixtures/pii/evaluate";
import { corpusDigest } from "../../../tests/fixtures/pii/train";
import { findPii, scrubPii, type PiiType } from "./pii";
import piiModel from "./pii-model.json";

// First measure of the held-out notes (docs/decisions/045-pii-people-and-drafts-from-notes.md).
const HELD_OUT_FLOOR = { precision: 0.9, recall: 0.94, personRecall: 0.9 };
// The second blind set (docs/decisions/055-pii-names-without-titles.md): measured at 48.9 % recall
// (people 34.4 %) before the tuning on the first blind set and 74.4 % (people 70.3 %) after it,
// then tuned on (decision 057): 78.9 % (people 76.6 %). The third: 73.2 % (people 61.5 %) before
// and after that tuning, then tuned on (decision 060): 95.4 % (people 92.7 %), and the second
// with it 93.3 % (people 90.6 %). The fourth, never tuned on: 72.5 % (people 68.8 %) before that
// tuning, 78.6 % (people 74.6 %, precision 95.9 %) after it. The fifth, written after that tuning
// without sight of the scrubber: 77.0 % (people 70.4 %, precision 97.4 %); then the fourth was
// worked on (French compound names and particles, Myanmar names, more given names): the fourth
// 85.5 % (people 85.0 %), the fifth 78.7 % (people 72.9 %). The floors are the last measures.
const BLIND_2_FLOOR = { precision: 0.9, recall: 0.93, personRecall: 0.9 };
const BLIND_3_FLOOR = { precision: 0.9, recall: 0.95, personRecall: 0.92 };
const BLIND_4_FLOOR = { precision: 0.9, recall: 0.93, personRecall: 0.96 };
const BLIND_5_FLOOR = { precision: 0.9, recall: 0.95, personRecall: 0.93 };
const BLIND_6_FLOOR = { precision: 0.9, recall: 0.96, personRecall: 0.94 };
const BLIND_7_FLOOR = { precision: 0.9, recall: 0.94, personRecall: 0.92 };
// The eighth (decision 062), written without sight of the scrubber after the seventh had been
// measured after every change: 82.1 % (people 77.4 %) with the scrubber of that morning, 85.6 %
// (people 82.1 %, precision 96.2 %) at its first measure; development data since the ninth
// (decision 063).
const BLIND_8_FLOOR = { precision: 0.9, recall: 0.96, personRecall: 0.95 };
// The ninth (decision 063), 70 notes and 560 people written without sight of the scrubber once the
// eighth had been measured: 79.8 % (people 75.9 %) with the scrubber of that morning, 80.9 %
// (people 77.5 %, precision 92.8 %) after the day's work on the seventh, 87.7 % (people 85.7 %,
// precision 92.6 %) after the work on the eighth and the tenth; 88.4 % (people 86.6 %) after the
// rules of decision 064 and 91.8 % (people 91.6 %, precision 93.3 %) with its model; 93.2 %
// (people 93.6 %, precision 93.2 %) after decision 065. Not read.
const BLIND_9_FLOOR = { precision: 0.9, recall: 0.93, personRecall: 0.93 };
// The tenth (decision 063), 70 notes and 977 people written the same way: 68.5 % (people 62.8 %)
// with the scrubber of that morning, 70.6 % (people 65.6 %) at its first measure; development
// data since.
const BLIND_10_FLOOR = { precision: 0.9, recall: 0.85, personRecall: 0.8 };
// The eleventh (decision 064), 70 notes and 744 people written without sight of the scrubber once
// the tenth had been worked on: 86.5 % (people 85.3 %, precision 95.0 %) with the scrubber of that
// morning, 87.2 % (people 86.2 %) at its first measure, 91.4 % (people 91.7 %, precision 95.3 %)
// with the model of names; 92.7 % (people 93.4 %, precision 95.3 %) after decision 065. Not read.
const BLIND_11_FLOOR = { precision: 0.9, recall: 0.92, personRecall: 0.93 };
// The twelfth (decision 064), 70 notes and 744 people written without sight of the scrubber once
// the model of names existed, and measured once: 79.2 % (people 75.3 %) with the scrubber of that
// morning, 81.2 % (people 78.1 %) with the day's rules alone, 88.8 % (people 88.3 %, precision
// 94.6 %) with the model; 90.7 % (people 90.9 %, precision 94.7 %) after decision 065. Not read.
const BLIND_12_FLOOR = { precision: 0.9, recall: 0.9, personRecall: 0.9 };
// The thirteenth (decision 065), 70 notes and 1,430 people written without sight of the scrubber,
// weighted to Tamil, Chinese and Vietnamese notes and to people whose names are not their
// language's commonest: 82.9 % (people 81.9 %, precision 95.1 %) at its first measure; development
// data since, and the model of names is trained on it.
const BLIND_13_FLOOR = { precision: 0.9, recall: 0.95, personRecall: 0.95 };
// The fifteenth (decision 065), 70 notes and 1,373 people written the same way, weighted to
// Vietnamese and Thai notes: 89.0 % (people 88.0 %, precision 91.8 %) at its first measure;
// development data since, and the model is trained on it.
const BLIND_15_FLOOR = { precision: 0.9, recall: 0.95, personRecall: 0.95 };
// The fourteenth (decision 065), 70 notes and 1,147 people written with the thirteenth, without
// sight of the scrubber: 90.1 % (people 89.1 %, precision 91.0 %) with the scrubber of that
// morning, 93.7 % (people 93.9 %, precision 94.0 %) at the day's end. Not read.
const BLIND_14_FLOOR = { precision: 0.9, recall: 0.93, personRecall: 0.93 };
// The sixteenth (decision 065), 70 notes and 1,097 people written with the fifteenth, without
// sight of the scrubber: 88.9 % (people 88.6 %) with the scrubber of that morning, 92.2 % (people
// 93.0 %) after the fifteenth's work, 92.6 % (people 93.6 %, precision 94.3 %) at the day's end.
// Not read.
const BLIND_16_FLOOR = { precision: 0.9, recall: 0.92, personRecall: 0.92 };
// The seventeenth (decision 065), 70 notes and 1,331 people written the same way, weighted to Thai
// and Tamil notes: 86.2 % (people 85.2 %, precision 92.6 %) at its first measure; development data
// since, and the model is trained on it.
const BLIND_17_FLOOR = { precision: 0.9, recall: 0.95, personRecall: 0.95 };
// The eighteenth (decision 065), 70 notes and 1,093 people written with the seventeenth, without
// sight of the scrubber: 86.7 % (people 85.5 %) with the scrubber of that morning; measured once at
// the day's end: 91.7 % (people 92.2 %, precision 94.6 %). Not read.
const BLIND_18_FLOOR = { precision: 0.9, recall: 0.91, personRecall: 0.92 };

// The identifier types the sentences of pii-corpus.ts list; names in them are found too.
const IDENTIFIER_TYPES: readonly PiiType[] = [
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
];

// Scrubbing `value` inside a sentence removes it as exactly one item of `type`.
/** What the scrubber takes for the type in the text, in reading order. */
const found = (text: string, type: PiiType) =>
  scrubPii(text)
    .found.filter((item) => item.type === type)
    .map((item) => item.value);
const people = (text: string) => found(text, "PERSON");

function expectScrubbed(value: string, type: PiiType) {
  const result = scrubPii(`Noted: ${value} today.`);
  expect(result.text).toBe(`Noted: [${type} 1] today.`);
  expect(result.removed).toEqual({ [type]: 1 });
}

function expectKept(value: string) {
  const text = `Noted: ${value} today.`;
  expect(scrubPii(text)).toEqual({ text, removed: {}, found: [] });
}

describe("the labelled case-note corpus (tests/fixtures/pii)", () => {
  // The blind notes are reported by `npm run eval:pii` and below, not held to the targets.
  const notes = corpus().filter((note) => note.set === "tuning" || note.set === "heldOut");
  const blind = corpus().filter((note) => note.set === "blind");
  const blind2 = corpus().filter((note) => note.set === "blind2");
  const blind3 = corpus().filter((note) => note.set === "blind3");
  const blind4 = corpus().filter((note) => note.set === "blind4");
  const blind5 = corpus().filter((note) => note.set === "blind5");
  const blind6 = corpus().filter((note) => note.set === "blind6");
  const blind7 = corpus().filter((note) => note.set === "blind7");
  const blind8 = corpus().filter((note) => note.set === "blind8");
  const blind9 = corpus().filter((note) => note.set === "blind9");
  const blind10 = corpus().filter((note) => note.set === "blind10");
  const blind11 = corpus().filter((note) => note.set === "blind11");
  const blind12 = corpus().filter((note) => note.set === "blind12");
  const blind13 = corpus().filter((note) => note.set === "blind13");
  const blind14 = corpus().filter((note) => note.set === "blind14");
  const blind15 = corpus().filter((note) => note.set === "blind15");
  const blind16 = corpus().filter((note) => note.set === "blind16");
  const blind17 = corpus().filter((note) => note.set === "blind17");
  const blind18 = corpus().filter((note) => note.set === "blind18");
  const tuning = notes.filter((note) => note.set === "tuning");
  const heldOut = notes.filter((note) => note.set === "heldOut");

  it("has at least 300 notes, 25 in each language, a held-out fifth, and the main types", () => {
    expect(notes.length).toBeGreaterThanOrEqual(300);
    for (const language of ["en", "ms", "zh", "ta", "th", "vi", "fr"]) {
      expect(notes.filter((note) => note.language === language).length).toBeGreaterThanOrEqual(25);
    }
    expect(heldOut.length / notes.length).toBeGreaterThanOrEqual(0.19);
    const types = new Set(notes.flatMap((note) => note.spans.map((span) => span.type)));
    for (const type of ["PERSON", "ADDRESS", "DOB", "ACCOUNT", "PASSPORT", "PHONE", "EMAIL"]) {
      expect(types).toContain(type);
    }
  });

  it(`meets the targets (recall ≥ ${PII_TARGETS.recall}, precision ≥ ${PII_TARGETS.precision}, overall and for people) on the whole corpus and the tuning notes`, () => {
    for (const [name, set] of [
      ["all", notes],
      ["tuning", tuning],
    ] as const) {
      const evaluation = evaluatePii(set);
      console.log(reportLines(name, evaluation).join("\n"));
      expect(meetsTargets(evaluation), name).toBe(true);
    }
  });

  // The held-out notes were written with the others, before any tuning, and the scrubber was not
  // tuned on them. Their first measure (docs/decisions/045) is the floor: a change that loses
  // ground on them fails here.
  it("holds the held-out notes at their first measured figures", () => {
    const evaluation = evaluatePii(heldOut);
    console.log(reportLines("held out", evaluation).join("\n"));
    expect(evaluation.overall.precision).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.precision);
    expect(evaluation.overall.recall).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.recall);
    expect(evaluation.byType.PERSON?.recall).toBeGreaterThanOrEqual(HELD_OUT_FLOOR.personRecall);
  });

  // The first blind set was tuned on (decision 055): it is held to the targets now.
  it("meets the targets on the first blind set", () => {
    expect(blind.length).toBeGreaterThanOrEqual(35);
    const evaluation = evaluatePii(blind);
    console.log(reportLines("first blind", evaluation).join("\n"));
    expect(meetsTargets(evaluation)).toBe(true);
  });

  // The blind sets' measures are floors, not targets.
  it.each([
    ["second", () => blind2, 42, BLIND_2_FLOOR],
    ["third", () => blind3, 56, BLIND_3_FLOOR],
    ["fourth", () => blind4, 70, BLIND_4_FLOOR],
    ["fifth", () => blind5, 70, BLIND_5_FLOOR],
    ["sixth", () => blind6, 70, BLIND_6_FLOOR],
    ["seventh", () => blind7, 70, BLIND_7_FLOOR],
    ["eighth", () => blind8, 70, BLIND_8_FLOOR],
    ["ninth", () => blind9, 70, BLIND_9_FLOOR],
    ["tenth", () => blind10, 70, BLIND_10_FLOOR],
    ["eleventh", () => blind11, 70, BLIND_11_FLOOR],
    ["twelfth", () => blind12, 70, BLIND_12_FLOOR],
    ["thirteenth", () => blind13, 70, BLIND_13_FLOOR],
    ["fourteenth", () => blind14, 70, BLIND_14_FLOOR],
    ["fifteenth", () => blind15, 70, BLIND_15_FLOOR],
    ["sixteenth", () => blind16, 70, BLIND_16_FLOOR],
    ["seventeenth", () => blind17, 70, BLIND_17_FLOOR],
    ["eighteenth", () => blind18, 70, BLIND_18_FLOOR],
  ] as const)("holds the %s blind set at its last measure", (name, notesOf, count, floor) => {
    const set = notesOf();
    expect(set.length).toBe(count);
    const evaluation = evaluatePii(set);
    console.log(reportLines(`${name} blind`, evaluation).join("\n"));
    expect(evaluation.overall.precision).toBeGreaterThanOrEqual(floor.precision);
    expect(evaluation.overall.recall).toBeGreaterThanOrEqual(floor.recall);
    expect(evaluation.byType.PERSON?.recall).toBeGreaterThanOrEqual(floor.personRecall);
  });

  it("leaves no labelled item of a tuning note in its scrubbed text", () => {
    for (const note of tuning) {
      const { text } = scrubPii(note.text);
      for (const span of note.spans) expect(text, note.text).not.toContain(span.value);
    }
  });
});

describe("identifier sentences (tests/fixtures/pii-corpus.ts)", () => {
  it("finds every identifier listed, of its type", () => {
    for (const sample of POSITIVES) {
      const { found } = scrubPii(sample.text);
      for (const [type, value] of sample.items) {
        expect(
          found.some((item) => item.type === type && item.value.includes(value.replace(/^\(/, ""))),
          `${type} ${value} in ${sample.text}`,
        ).toBe(true);
      }
      const identifiers = found.filter((item) => IDENTIFIER_TYPES.includes(item.type));
      expect(identifiers.length, sample.text).toBe(sample.items.length);
    }
  });

  it("returns every negative sentence byte-identical, with nothing removed", () => {
    for (const text of NEGATIVES) {
      expect(scrubPii(text), text).toEqual({ text, removed: {}, found: [] });
    }
  });
});

describe("checksums and structure", () => {
  it("payment cards must pass Luhn and carry a known issuer prefix", () => {
    expectScrubbed("4111 1111 1111 1111", "CARD");
    expectKept("4111 1111 1111 1121");
    expectScrubbed("378282246310005", "CARD");
    expectKept("378282246310015");
    expectScrubbed("5555-5555-5555-4444", "CARD");
    expectKept("5555-5555-5555-4445");
    // Luhn-valid, but no scheme issues numbers starting with 9.
    expectKept("9111 1111 1111 1110");
  });

  it("IBANs must pass mod-97 and have their country's length", () => {
    expectScrubbed("GB82 WEST 1234 5698 7654 32", "IBAN");
    expectKept("GB82 WEST 1234 5698 7654 35");
    expectScrubbed("DE89370400440532013000", "IBAN");
    expectKept("DE89370400440532013001");
    // Right checksum arithmetic is not enough without the country's length.
    expectKept("XX82 WEST 1234 5698 7654 32");
  });

  it("Singapore NRIC/FIN check letters follow each series' table", () => {
    for (const nric of ["S1234567D", "T0312458J", "F2245019X", "G5530882P", "M4412096P"]) {
      expectScrubbed(nric, "SG_NRIC");
    }
    // The M series differs from F/G in one letter: J where F/G have M.
    expectScrubbed("M4412004J", "SG_NRIC");
    expectKept("M4412004M");
    for (const nric of [
      "S1234567A",
      "S1234568D",
      "T0312458D",
      "F2245019J",
      "G5530882X",
      "M4412096X",
    ]) {
      expectKept(nric);
    }
  });

  it("MyKad needs a real birth date and an issued place-of-birth code", () => {
    expectScrubbed("880315-14-5678", "MY_MYKAD");
    expectScrubbed("880315145678", "MY_MYKAD");
    expectKept("880335-14-5678");
    expectKept("880315-19-5678");
    expectKept("880315-70-5678");
    expectKept("880315-80-5678");
    expectScrubbed("880315-82-5678", "MY_MYKAD");
    expectScrubbed("000229-08-1234", "MY_MYKAD");
    expectKept("010229-08-1234");
  });

  it("Canadian SINs must pass Luhn and not start with 0 or 8", () => {
    expectScrubbed("130 456 783", "CA_SIN");
    expectScrubbed("130-456-783", "CA_SIN");
    expectScrubbed("130456783", "CA_SIN");
    expectKept("130 456 784");
    // Luhn-valid, but 8 is not a SIN's first digit.
    expectKept("800 000 002");
  });

  it("an ungrouped nine-digit number after a reference label is not a SIN", () => {
    expect(scrubPii("SIN 130456783 on file.").text).toBe("SIN [CA_SIN 1] on file.");
    const text = "Invoice 130456783 was paid.";
    expect(scrubPii(text)).toEqual({ text, removed: {}, found: [] });
  });

  it("Thai IDs must match their mod-11 check digit", () => {
    expectScrubbed("1-1037-00123-45-8", "TH_ID");
    expectScrubbed("1103700123458", "TH_ID");
    expectScrubbed("1 1037 00123 45 8", "TH_ID");
    expectKept("1-1037-00123-45-7");
    expectKept("1-1037-00124-45-8");
  });

  it("Indonesian NIKs need a province code and a birth date, women's day plus 40", () => {
    expectScrubbed("3273011503850001", "ID_NIK");
    expectScrubbed("3273015503850001", "ID_NIK");
    expectKept("3273013503850001");
    expectKept("3273011513850001");
    expectKept("4273011503850001");
  });

  it("IPv4 octets stay within 0-255 and are not part of a longer dotted number", () => {
    expectScrubbed("203.0.113.250", "IP");
    expectKept("203.0.113.256");
    expectKept("1.2.3.4.5");
    expectKept("v1.2.3.4");
  });

  it("IPv6 addresses are recognised in full, compressed and IPv4-mapped form", () => {
    expectScrubbed("2001:0db8:85a3:0000:0000:8a2e:0370:7334", "IP");
    expectScrubbed("2001:db8::8a2e:370:7334", "IP");
    expectScrubbed("::ffff:192.0.2.128", "IP");
    expectKept("2001:db8::8a2e::7334");
    expectKept("2001:0db8:85a3:0000:8a2e:0370:7334");
    expectKept("12:30:45");
    expectKept("::1");
  });
});

describe("phone numbers", () => {
  it.each([
    ["SG", "9123 4567"],
    ["SG", "+65 6123 4567"],
    ["MY", "012-345 6789"],
    ["MY", "+60 3-2161 2345"],
    ["TH", "081 234 5678"],
    ["ID", "0812-3456-7890"],
    ["PH", "0917 123 4567"],
    ["VN", "0912 345 678"],
    ["CA", "(416) 555-0199"],
    ["US", "+1 212 555 0147"],
  ])("finds a %s number written %s", (_region, phone) => {
    expectScrubbed(phone, "PHONE");
  });

  it("does not take dates, amounts or references for phone numbers", () => {
    for (const value of [
      "2024-03-15",
      "15/03/2024",
      "2024-03-15 10:30",
      "SGD 9123 4567",
      "9,123,456",
      "Rp 15.000.000",
      "TXN-20240315-0042",
      "ref 91234567",
      "4165550199",
    ]) {
      expectKept(value);
    }
  });

  it("accepts a bare North American number only when labelled as a phone", () => {
    expect(scrubPii("Phone: 4165550199").text).toBe("Phone: [PHONE 1]");
  });

  it("rejects numbers that have a valid length but an unassigned prefix", () => {
    // Singapore numbers start with 3, 6, 8 or 9.
    expectKept("2123 4567");
    expectKept("+65 2123 4567");
  });
});

describe("placeholders and counts", () => {
  it("numbers items per type and counts the different items of each type", () => {
    const result = scrubPii(
      "Emails a.tan@example.com, b.lim@example.com and c.ng@example.com; phone 9123 4567.",
    );
    expect(result.text).toBe("Emails [EMAIL 1], [EMAIL 2] and [EMAIL 3]; phone [PHONE 1].");
    expect(result.removed).toEqual({ EMAIL: 3, PHONE: 1 });
  });

  it("gives the same item the same number, however it is spaced", () => {
    const result = scrubPii(
      "Account 0012345678 received SGD 9,000; account 00123 45678 sent it on. Card 4111 1111 1111 1111 and 4111111111111111.",
    );
    expect(result.text).toBe(
      "Account [ACCOUNT 1] received SGD 9,000; account [ACCOUNT 1] sent it on. Card [CARD 1] and [CARD 1].",
    );
    expect(result.removed).toEqual({ ACCOUNT: 1, CARD: 1 });
  });

  it("keeps punctuation that touches an item", () => {
    expect(scrubPii("(S1234567D), [9123 4567]; <a.tan@example.com>!").text).toBe(
      "([SG_NRIC 1]), [[PHONE 1]]; <[EMAIL 1]>!",
    );
    expect(scrubPii("IP: 192.0.2.44. Card: 4111111111111111.").text).toBe(
      "IP: [IP 1]. Card: [CARD 1].",
    );
  });

  it("finds an email inside Thai and Chinese text written without spaces", () => {
    expect(scrubPii("กรุณาติดต่อsomchai.k@example.co.thภายในวันนี้").text).toBe(
      "กรุณาติดต่อ[EMAIL 1]ภายในวันนี้",
    );
    expect(scrubPii("请联系zhang.wei@example.com确认。").text).toBe("请联系[EMAIL 1]确认。");
  });

  it("scrubs the longer item when two readings overlap", () => {
    // "912 345 675" alone is a Luhn-valid SIN; with "+84" in front it is a Vietnamese mobile.
    expect(scrubPii("Call +84 912 345 675 now").text).toBe("Call [PHONE 1] now");
    expect(scrubPii("SIN 912 345 675 on file").text).toBe("SIN [CA_SIN 1] on file");
  });

  it("takes CRA's specimen SIN, which starts with 0, when it is labelled a SIN", () => {
    expect(scrubPii("SIN 046 454 286 was given.").text).toBe("SIN [CA_SIN 1] was given.");
    expect(scrubPii("NAS : 046 454 286").text).toBe("NAS : [CA_SIN 1]");
    expect(scrubPii("Ref 046 454 286 was given.").found).toEqual([]);
  });

  it("finds a card at the end of a longer run of digit groups", () => {
    expect(scrubPii("Ref 9123 4567 4111 1111 1111 1111 used").text).toBe(
      "Ref 9123 4567 [CARD 1] used",
    );
  });

  it("is stable: scrubbing scrubbed text changes nothing", () => {
    const texts = [
      ...POSITIVES.map((sample) => ({ id: "sample", set: "", text: sample.text })),
      ...corpus(),
    ];
    for (const { id, set, text } of texts) {
      const once = scrubPii(text).text;
      const again = scrubPii(once).found;
      // An unread set's notes are not read: a failure names the note and the types found only.
      if (UNREAD_SETS.has(set as CorpusNote["set"])) {
        expect(
          again.map(({ type }) => type),
          id,
        ).toEqual([]);
      } else expect(again, once).toEqual([]);
    }
    // Every note of every set scrubbed twice: 4–6 s on two busy cores, against vitest's 5 s.
  }, 30_000);

  it("returns empty text unchanged", () => {
    expect(scrubPii("")).toEqual({ text: "", removed: {}, found: [] });
  });
});

describe("names without a title (decision 055)", () => {
  it("reads kinship, job and alias words as cues in each language", () => {
    expect(people("Her son-in-law Marcus Yeo has the card.")).toEqual(["Marcus Yeo"]);
    expect(people("Paid by the driver, Rajan Pillai, in cash.")).toEqual(["Rajan Pillai"]);
    expect(people("'Uncle B' (real name Boon Huat Sim) collects.")).toContain("Boon Huat Sim");
    expect(people("menantu pelanggan, Hashim Daud, datang.")).toEqual(["Hashim Daud"]);
    expect(people("Le gendre du client, Luc Fortin, a signé.")).toEqual(["Luc Fortin"]);
    expect(people("tiền của em trai là Lê Minh Tú")).toEqual(["Lê Minh Tú"]);
    expect(people("据王海说，钱是借的。")).toEqual(["王海"]);
    expect(people("钱是他姐夫陈国栋借的。")).toEqual(["陈国栋"]);
    expect(people("ลูกค้าชื่อ สมชาย ทองดี ฝากเงิน")).toEqual(["สมชาย ทองดี"]);
  });

  it("finds a name by what follows it: a role or an identifier in brackets, a verb of saying", () => {
    expect(people("Rahman (the director's driver) paid.")).toEqual(["Rahman"]);
    expect(people("Gaétan Pelletier (NAS withheld) cashed them.")).toEqual(["Gaétan Pelletier"]);
    expect(people("The cheques were signed; Dorcas Wainwright says so.")).toEqual([
      "Dorcas Wainwright",
    ]);
    // One word before a verb of saying may be a company: "Fernhill said".
    expect(people("We asked what Fernhill said about it.")).toEqual([]);
    // At a sentence's start an ordinary word before a listed name is not part of it.
    expect(people("Had Arun said so, we would know.")).toEqual(["Arun"]);
  });

  it("finds nicknames and names joined to a name found", () => {
    expect(people("Ah Seng sent RM 9,900.")).toEqual(["Ah Seng"]);
    expect(people("阿明说他不知道。老黄也不知道。")).toEqual(["阿明", "老黄"]);
    expect(people("เงินมาจากเจ๊เล็กที่ตลาด")).toEqual(["เล็ก"]);
    expect(people("Mr Tan Wei Ming and Zubir Hamid opened it.")).toEqual([
      "Tan Wei Ming",
      "Zubir Hamid",
    ]);
    expect(people("Nguyễn Văn An và Đào Thị Hoa mở tài khoản.")).toEqual([
      "Nguyễn Văn An",
      "Đào Thị Hoa",
    ]);
  });

  it("keeps the words that hold a cue's letters", () => {
    for (const text of [
      "养老金和数据都在。根据海关说的不算。",
      "มาตรการแบบกำหนดเป้าหมาย และเสี่ยงสูง",
      "NIST công bố Hồ sơ AI.",
      "Funds from Rahim & Loh Sdn Bhd and Bay Street.",
      "Core content (5): Governance (5), Strategy (8).",
      "Hãy nói với khách hàng. Ini menyatakan bahawa.",
    ]) {
      expect(people(text), text).toEqual([]);
    }
  });
});

describe("names found by lists and lists of names (decision 060)", () => {
  it("finds Chinese names of three characters standing between particles, and their given names", () => {
    expect(found("林美玲与丈夫开了联名户口。", "PERSON")).toEqual(["林美玲"]);
    expect(found("客户黄志明说是卖车的钱，但志明名下没有车。", "PERSON")).toEqual([
      "黄志明",
      "志明",
    ]);
    // Words that start with a family name's character stay: 黄金 (gold), 高明 (clever), 马来.
    expect(found("黄金海岸的房产，马来西亚国家银行，高明的手法", "PERSON")).toEqual([]);
  });

  it("finds a given name of the long list before a family name, and no ordinary word", () => {
    // Names from pii-given-names.json (scripts/pii-name-lists.js), not the short lists.
    expect(found("Transfer approved by Agustina Permatasari at 10:02.", "PERSON")).toEqual([
      "Agustina Permatasari",
    ]);
    expect(found("Le dossier de Huguette Vachon est incomplet.", "PERSON")).toEqual([
      "Huguette Vachon",
    ]);
    // A given name that is also a word or a place is left to its context.
    expect(
      found("Crystal Bay Resort paid the deposit. Asia Pasifik Sdn Bhd too.", "PERSON"),
    ).toEqual([]);
  });

  it("finds the other names of a list that holds a name, in each script", () => {
    expect(found("经查，郑伟杰、吴佩珊和Lau Kok Wai三人", "PERSON")).toEqual([
      "郑伟杰",
      "吴佩珊",
      "Lau Kok Wai",
    ]);
    expect(found("Amélie Bergeron, Kevin Dubé et Noah Sirois ont tous signé.", "PERSON")).toEqual([
      "Amélie Bergeron",
      "Kevin Dubé",
      "Noah Sirois",
    ]);
    expect(found("Ba sinh viên Quỳnh Anh, Khánh và Đạt cho thuê tài khoản.", "PERSON")).toEqual([
      "Quỳnh Anh",
      "Khánh",
      "Đạt",
    ]);
    expect(found("ประเสริฐ ทองดี และ อนุชา เปิดบัญชี", "PERSON")).toEqual(["ประเสริฐ ทองดี", "อนุชา"]);
    expect(found("தேவி, கவிதா, ரம்யா: மூவரும் ஒரே இடத்தில்", "PERSON")).toEqual([
      "தேவி",
      "கவிதா",
      "ரம்யா",
    ]);
    // After a bare comma, one capitalised word is a month as often as a name.
    expect(found("Pelanggan Noraini, Oktober 2024, tiada resit.", "PERSON")).toEqual(["Noraini"]);
  });

  it("finds a Tamil name made of listed names after a role, and a nephew after anak saudara", () => {
    expect(found("வாடிக்கையாளர் முத்துலட்சுமி தனது பேரனுடன் வந்தார்", "PERSON")).toEqual(["முத்துலட்சுமி"]);
    expect(found("வாடிக்கையாளர் கணக்கைத் திறந்தார்", "PERSON")).toEqual([]);
    expect(found("datang dengan anak saudaranya Faiz, minta tutup akaun", "PERSON")).toEqual([
      "Faiz",
    ]);
  });

  it("finds a listed Thai given name after a role without ชื่อ, and nothing else there", () => {
    expect(found("ลูกค้า สมศรี ใจดี มาถอนเงิน", "PERSON")).toEqual(["สมศรี ใจดี"]);
    expect(found("ภรรยา มาลี จันทร์หอม กับลูกชาย บอย (เลขบัตร) ยืนยัน", "PERSON")).toEqual([
      "มาลี จันทร์หอม",
      "บอย",
    ]);
    expect(found("ลูกค้า ถอนเงินสด 2 ล้านบาท และ โอนต่อ", "PERSON")).toEqual([]);
  });

  it("finds addresses in more local forms, and accounts and birth dates by more cues", () => {
    expect(
      found("res. 385, rue des Érables, Sherbrooke (Québec) J1E 2N7 depuis", "ADDRESS"),
    ).toEqual(["385, rue des Érables, Sherbrooke (Québec) J1E 2N7"]);
    expect(found("at 2150 Lake Shore Blvd W, Unit 1408, Toronto, ON M8V 4H4.", "ADDRESS")).toEqual([
      "2150 Lake Shore Blvd W, Unit 1408, Toronto, ON M8V 4H4",
    ]);
    expect(found("住址新加坡宏茂桥3道第456座#07-23，邮区560456。", "ADDRESS")).toEqual([
      "新加坡宏茂桥3道第456座#07-23，邮区560456",
    ]);
    expect(found("住在吉隆坡蕉赖路3段12号，生日1979年11月8日。", "ADDRESS")).toEqual([
      "吉隆坡蕉赖路3段12号",
    ]);
    expect(found("住在吉隆坡蕉赖路3段12号，生日1979年11月8日。", "DOB")).toEqual(["1979年11月8日"]);
    expect(found("他在第3座的会议室", "ADDRESS")).toEqual([]);
    expect(found("அவரது கணக்கு 1582 9034 4617 வழியாக", "ACCOUNT")).toEqual(["1582 9034 4617"]);
    expect(found("的联名户口120-456789-001收到汇款", "ACCOUNT")).toEqual(["120-456789-001"]);
    expect(found("STK 0451000123456 tại Vietcombank", "ACCOUNT")).toEqual(["0451000123456"]);
    // An amount after an account word is not its number.
    expect(found("கணக்கு RM 310,000 சென்றது", "ACCOUNT")).toEqual([]);
  });
});

describe("French compound names and Myanmar names (the fourth blind set as development data)", () => {
  it("reads a hyphenated given name and a family name with its particle as one name", () => {
    expect(people("Josée-Anne Paradis et Jean-Marc de Lotbinière ont signé le même jour.")).toEqual(
      ["Josée-Anne Paradis", "Jean-Marc de Lotbinière"],
    );
    expect(people("Selon Mme Ginette Le Blanc, le chèque venait de M. Réal Du Tremblay.")).toEqual([
      "Ginette Le Blanc",
      "Réal Du Tremblay",
    ]);
  });

  it("leaves places and institutions with the same particles and hyphens alone", () => {
    expect(
      people(
        "Succursale de la Banque de Montréal, boulevard René-Lévesque, près de Place des Arts.",
      ),
    ).toEqual([]);
    expect(
      people("Le Groupe La Capitale a versé les fonds à la Caisse Desjardins de Lévis."),
    ).toEqual([]);
  });

  it("finds Myanmar names, which have no family name, by their words", () => {
    expect(
      people("The workers Kyaw Min Htet and Hnin Wai paid the agent THB 40,000 each."),
    ).toEqual(["Kyaw Min Htet", "Hnin Wai"]);
    // Common words alone are not a Myanmar name.
    expect(people("Win Win Trading and the Min Ye Co. shop.")).toEqual([]);
  });
});

describe("initials, naming words, Latin names in other scripts, Vietnamese streets", () => {
  it("finds a name written with initials, Tamil or Latin, and later mentions of it", () => {
    expect(people("திரு S. Balakrishnan பணம் அனுப்பினார். Balakrishnan பின்னர் வந்தார்.")).toEqual([
      "S. Balakrishnan",
      "Balakrishnan",
    ]);
    expect(people("கடை உரிமையாளர் க. ராமலிங்கம் ஒவ்வொரு சனிக்கிழமையும் செலுத்துகிறார்.")).toEqual([
      "க. ராமலிங்கம்",
    ]);
    expect(people("தலைவர் R. வேலாயுதம், பொருளாளர் இருவரும். வேலாயுதம் கூறினார்.")).toEqual([
      "R. வேலாயுதம்",
      "வேலாயுதம்",
    ]);
    expect(people("Reviewed by team lead A. Mensah on Monday.")).toEqual(["A. Mensah"]);
    // Monsieur is a title, not an initial.
    expect(people("un client fictif, M. D. Hale, a viré")).toEqual(["D. Hale"]);
  });

  it("takes no option letter, sentence end or currency for an initial", () => {
    for (const text of [
      "The file is under Plan B. The customer paid. See Schedule A. Customer details follow.",
      "Chi nhánh B. Lúc 16:05 khách rút tiền tại Chi nhánh C. Từ thứ Tư.",
      "une capitalisation de 1,4 milliard $ S. Selon le calendrier révisé",
      "U.S. Bank sent the wire. கி.பி. 2020 இல். ரூ. 5000 செலுத்தப்பட்டது.",
      "ஐ.நா. பட்டியல் மற்றும் எ.கா. பிரிவு 54 பார்க்கவும்.",
    ]) {
      expect(people(text), text).toEqual([]);
    }
    // The staff member is named; "R." is the last initial, then the next sentence.
    expect(people("Nhân viên Aiman R. Một LCTR đã được nộp.")).toEqual(["Aiman"]);
  });

  it("reads naming words in Chinese, Thai and Vietnamese, and overlapping cues", () => {
    expect(people("嫌疑人Teo Ah Kiat（潮州人，华文名张亚吉）")).toEqual(["Teo Ah Kiat", "张亚吉"]);
    expect(people("所得款项存入其女儿郭婉婷的大华户口。")).toEqual(["郭婉婷"]);
    // Leong, whose friends call him 阿杰, is found too (by the model of names, decision 064).
    expect(people("但会计阿芬证实公司今年没有出过货。Leong（朋友叫他阿杰）")).toEqual([
      "阿芬",
      "Leong",
      "阿杰",
    ]);
    expect(people("户主包括蔡国荣、Tan Bee Lian、方淑仪，三人都不曾亲自到过分行。")).toEqual([
      "蔡国荣",
      "Tan Bee Lian",
      "方淑仪",
    ]);
    expect(people("น.ส.ปิยะนุช แสงทอง (ชื่อเล่น แนน) เปิดบัญชี")).toEqual(["ปิยะนุช แสงทอง", "แนน"]);
    expect(people("น้องแบงค์ (ชื่อจริง ภาณุวัฒน์ ทองประเสริฐ) นักศึกษา")).toEqual([
      "แบงค์",
      "ภาณุวัฒน์ ทองประเสริฐ",
    ]);
    expect(people("người gửi Kevin Tran (tên Việt Trần Quốc Khang) ở Calgary")).toEqual([
      "Kevin Tran",
      "Trần Quốc Khang",
    ]);
    // Words that start like a name after a cue stay words: 员工阿拉伯语, 包括金额, น้องสาว.
    for (const text of ["员工阿拉伯语很好。", "包括金额、现金和支票。", "น้องสาวของลูกค้าโอนเงิน"]) {
      expect(people(text), text).toEqual([]);
    }
  });

  it("finds a Latin name inside Thai, Tamil or Chinese text unless its words are ordinary", () => {
    expect(people("คุณณรงค์ บุญมี โอนเงินไปให้ Chea Sokha ที่พนมเปญ 11 ครั้ง")).toEqual([
      "ณรงค์ บุญมี",
      "Chea Sokha",
    ]);
    expect(people("บัตรเครดิตของ Natthapong Kaewkla ถูกใช้ซื้อบัตรกำนัล")).toEqual(["Natthapong Kaewkla"]);
    for (const text of [
      "ความผิดตาม Penal Code มาตรา 420 และ Royal Gazette ฉบับล่าสุด",
      "สาขา Khon Kaen และ Port Klang",
      "根据Anti-Money Laundering Act的规定",
    ]) {
      expect(people(text), text).toEqual([]);
    }
  });

  it("reads a Vietnamese street named after a person as an address, not a person", () => {
    const text =
      "Ông Hồ Văn Thạnh, địa chỉ 27/4 Lê Văn Sỹ, Phường 13, Quận Phú Nhuận, TP. Hồ Chí Minh, sđt";
    expect(people(text)).toEqual(["Hồ Văn Thạnh"]);
    expect(found(text, "ADDRESS")).toEqual([
      "27/4 Lê Văn Sỹ, Phường 13, Quận Phú Nhuận, TP. Hồ Chí Minh",
    ]);
    expect(
      found("thường trú 15 kiệt 42 Phan Đình Phùng, phường Vĩnh Ninh, Huế", "ADDRESS"),
    ).toEqual(["15 kiệt 42 Phan Đình Phùng, phường Vĩnh Ninh, Huế"]);
    // A year is no house number: the person stays a person.
    const year = "Năm 2024 Nguyễn Thị Lan, quận Ba Đình, mở tài khoản.";
    expect(found(year, "ADDRESS")).toEqual([]);
    expect(people(year)).toEqual(["Nguyễn Thị Lan"]);
  });
});

describe("other names in brackets, kin words, titles and ranks (the fifth set as development data)", () => {
  it("finds a name's other name in brackets, in each script, and nothing that only describes", () => {
    expect(people("建筑商王老板（王国华）每逢月底")).toEqual(["王", "王国华"]);
    expect(people("受益人Chan Siu Ming（陈少明），护照号")).toEqual(["Chan Siu Ming", "陈少明"]);
    expect(people("น้องฟ้า (กัญญาณัฐ ใจดี เกิด 02/11/2547) นักศึกษา")).toEqual(["ฟ้า", "กัญญาณัฐ ใจดี"]);
    expect(people("ลูกค้า Mrs Ilse Varga (บุคคลสมมติ) อายุ 71 ปี")).toEqual(["Ilse Varga"]);
    expect(people("陈嘉庚地铁站旁的金铺老板Kwek Boon Seng，每逢星期五")).toEqual([
      "Kwek Boon Seng",
    ]);
  });

  it("reads Thai family words written against the name, and not the words after them", () => {
    expect(people("รายได้ ภรรยานิภาเป็นผู้ถอน หลานสาวแพรวพามาแจ้ง โอนให้ทนายชัยวัฒน์ ที่โทรมา")).toEqual([
      "นิภา",
      "แพรว",
      "ชัยวัฒน์",
    ]);
    for (const text of [
      "ติดต่อทนายความที่สำนักงาน ภรรยาของลูกค้าเป็นคนโอน สามีได้รับเงิน ลูกชายมาด้วย",
      "นายสมชาย มีเงิน 5 ล้าน",
    ]) {
      expect(
        people(text).filter((name) => name !== "สมชาย"),
        text,
      ).toEqual([]);
    }
    expect(people("นายเกรียงไกร มีสุข โทรจาก 081-937-2245")).toEqual(["เกรียงไกร มีสุข"]);
  });

  it("takes abbreviated Malay titles, police ranks, godparents, interpreters and names after tên", () => {
    expect(people("Nota: En. Razak dari Felda minta baki; Pn. Salmah setuju.")).toEqual([
      "Razak",
      "Salmah",
    ]);
    expect(people("pemanggil mengaku Inspektor Shahrul dari JSJK")).toEqual(["Shahrul"]);
    expect(people("came in with a young man she called her godson, Jason, today")).toEqual([
      "Jason",
    ]);
    expect(people("người giới thiệu là phiên dịch Thu Trang. Một phụ nữ tên Lan đến nộp")).toEqual([
      "Thu Trang",
      "Lan",
    ]);
    expect(people("son « ami » Steve l'a convaincue; son associé Patrick fait les dépôts")).toEqual(
      ["Steve", "Patrick"],
    );
    expect(people("他太太Wendy说卡一直在司机阿强手上，秘书“小美”填单。")).toEqual([
      "Wendy",
      "阿强",
      "小美",
    ]);
    expect(people("员工阿拉伯语很好。司机阿根廷人。")).toEqual([]);
    // A nickname in characters found once is taken wherever else it is written.
    expect(people("秘书“小陈”填单，后来小陈来了。")).toEqual(["小陈", "小陈"]);
  });

  it("reads an initial at a line's start before a name, not before an ordinary word", () => {
    expect(people("K. Saravanan (தொலைபேசி 016-205 8834) தனது நண்பர்")).toEqual(["K. Saravanan"]);
    expect(people("A. Lúc 16:05 khách rút tiền. B. Selon le calendrier. C. The customer.")).toEqual(
      [],
    );
  });

  it("finds Thai account numbers by their shape, and birth dates after เกิด and sinh", () => {
    expect(found("บัญชีรับเงิน 068-2-41937-5 ลูกชาย", "ACCOUNT")).toEqual(["068-2-41937-5"]);
    expect(found("บัญชีรับเงิน 068-2-41937-5 ลูกชาย", "PHONE")).toEqual([]);
    expect(found("เกิด 02/11/2547 เลขบัตร และ เกิด 3 ม.ค. 2505", "DOB")).toEqual([
      "02/11/2547",
      "3 ม.ค. 2505",
    ]);
    expect(found("KH Trần Thị Mỹ Linh, sinh 04/03/1979, chuyển", "DOB")).toEqual(["04/03/1979"]);
    expect(found("Sinh viên 12/05/2020 nhập học. เกิดเหตุ 12/03/2024", "DOB")).toEqual([]);
    expect(found("Sujet, passeport canadien GA518273, NAS", "PASSPORT")).toEqual(["GA518273"]);
  });

  it("reads a Vietnamese residents' group and a Singapore street block as addresses", () => {
    expect(
      found("địa chỉ Tổ 7, khu phố 3, phường Tân Phong, quận 7, TP. Hồ Chí Minh, cùng", "ADDRESS"),
    ).toEqual(["Tổ 7, khu phố 3, phường Tân Phong, quận 7, TP. Hồ Chí Minh"]);
    expect(found("住新加坡淡滨尼12街第128座#04-57，邮区520128，是", "ADDRESS")).toEqual([
      "新加坡淡滨尼12街第128座#04-57，邮区520128",
    ]);
    expect(found("Tổ 7 đã họp.", "ADDRESS")).toEqual([]);
  });

  it("takes a Korean family name that is also a word only before a hyphenated given name", () => {
    expect(people("Park Ji-hoon sent SGD 9,000; Mr Park Ji-hoon came back.")).toEqual([
      "Park Ji-hoon",
      "Park Ji-hoon",
    ]);
    expect(people("He parked at Park Avenue. Car Park B. Moon Festival sales rose.")).toEqual([]);
  });

  it("takes Tamil words before தனது (own) as its subject: after a role, or a listed name", () => {
    expect(people("வாடிக்கையாளர் பத்மாவதி தனது மைத்துனருக்கு அனுப்பினார்.")).toEqual(["பத்மாவதி"]);
    expect(people("ஓட்டுநர் ஆறுமுகம் தனது முதலாளியுடன் வந்தார்.")).toEqual(["ஆறுமுகம்"]);
    // At a sentence's start, a name before தனது with no role at all.
    expect(people("அருண் குமார் செல்வம் தனது கிரெடிட் கார்டு மூலம் வாங்கினார்.")).toEqual([
      "அருண் குமார் செல்வம்",
    ]);
    expect(people("அடுத்த மறுஆய்வாளர் தனது சீட்டுடன். அது தன்னுடைய உரிமையாளர். அவர் தனது மகன்.")).toEqual([]);
    // A driving licence, and a word for when, are no one.
    expect(people("ஓட்டுநர் உரிமம் காலாவதியானது. வாடிக்கையாளர் நேற்று தனது கணக்கை மூடினார்.")).toEqual([]);
  });

  it("reads an account after its bank's name, and passports after PP or a nationality", () => {
    expect(found("Hasil semakan: a/k CIMB 8010437625 milik pelanggan", "ACCOUNT")).toEqual([
      "8010437625",
    ]);
    expect(
      found("nộp tiền vào TK 0071004829163 và TK Techcombank 19036628471012", "ACCOUNT"),
    ).toEqual(["0071004829163", "19036628471012"]);
    expect(found("Le compte bénéficiaire (00231-815-4417082) appartient", "ACCOUNT")).toEqual([
      "00231-815-4417082",
    ]);
    expect(found("a/c CIMB since 2019, account for 250,000", "ACCOUNT")).toEqual([]);
    expect(found("director (Indonesian, PP C4417293) of", "PASSPORT")).toEqual(["C4417293"]);
    expect(found("(pasport Indonesia C7265413) dan", "PASSPORT")).toEqual(["C7265413"]);
    expect(found("(passeport philippin P4827163A, NAS", "PASSPORT")).toEqual(["P4827163A"]);
  });

  it("reads addresses by a block, a unit, a section code, short Thai and Vietnamese forms", () => {
    expect(
      found("旧地址Blk 205 Toa Payoh North #07-1150 Singapore 310205，现在", "ADDRESS"),
    ).toEqual(["Blk 205 Toa Payoh North #07-1150 Singapore 310205"]);
    expect(found("住址都是38 Jalan Kembangan, Singapore 419127，而且", "ADDRESS")).toEqual([
      "38 Jalan Kembangan, Singapore 419127",
    ]);
    expect(
      found(
        "Alamat: No. 12, Jalan Setia Prima U13/S, 40170 Shah Alam, Selangor. Bayaran masuk.",
        "ADDRESS",
      ),
    ).toEqual(["No. 12, Jalan Setia Prima U13/S, 40170 Shah Alam, Selangor."]);
    expect(
      found(
        "alamat B-7-3, Pangsapuri Seri Cempaka, Jalan Kuchai Maju 6, 58200 Kuala Lumpur. Dia",
        "ADDRESS",
      ),
    ).toEqual(["B-7-3, Pangsapuri Seri Cempaka, Jalan Kuchai Maju 6, 58200 Kuala Lumpur."]);
    expect(
      found("địa chỉ Số 27 Nguyễn Thị Minh Khai, P. Bến Nghé, Q.1, TP.HCM. Chồng", "ADDRESS"),
    ).toEqual(["Số 27 Nguyễn Thị Minh Khai, P. Bến Nghé, Q.1, TP.HCM"]);
    expect(found("ที่อยู่ 99/45 หมู่ 3 ต.บางพูด อ.ปากเกร็ด จ.นนทบุรี 11120 แจ้ง", "ADDRESS")).toEqual([
      "99/45 หมู่ 3 ต.บางพูด อ.ปากเกร็ด จ.นนทบุรี 11120",
    ]);
    // A Thai date's month and weekday are not an address's short forms.
    expect(found("โอนเมื่อ 14 ต.ค. 2567 และ 01 จ. 10 รายการ", "ADDRESS")).toEqual([]);
  });

  it("reads whose an account is, a copula after a role, chains and middle initials", () => {
    expect(people("Recipient RBC a/c held by Tyler J. Boateng, of Toronto.")).toEqual([
      "Tyler J. Boateng",
    ]);
    expect(people("di Filipina; pengirim ialah Rodel Santos Bautista. Pelanggan kata")).toEqual([
      "Rodel Santos Bautista",
    ]);
    expect(people("Chuỗi: Nguyễn Thành Long → Trịnh Bảo Ngọc → Chea Sophal (Campuchia).")).toEqual([
      "Nguyễn Thành Long",
      "Trịnh Bảo Ngọc",
      "Chea Sophal",
    ]);
    expect(people("Plan B. The account is held by the company. See Annex A. Tan Ah Kow.")).toEqual([
      "Tan Ah Kow",
    ]);
  });

  it("knows a Gaelic family name by its shape, and no family name after ordinary words", () => {
    expect(people("proceeds from selling his boat to Gordie MacKinnon; no bill")).toEqual([
      "Gordie MacKinnon",
    ]);
    expect(people("He bought an Apple MacBook and a Big MacDonald burger.")).toEqual([]);
  });

  it("reads Tamil kin and staff roles before a listed name only where their words stand alone", () => {
    expect(people("அந்தப் பணம் தனது மைத்துனர் ராஜேஷ் நடத்தும் உணவகத்தின் வருமானம்")).toEqual(["ராஜேஷ்"]);
    expect(
      people("கிளை அதிகாரி பிரியா தாத்தாவிடம் பேசினார். அவரது சகோதரி மீனாட்சி அனுப்புகிறார்."),
    ).toEqual(["பிரியா", "மீனாட்சி"]);
    // The compliance officer's approval, a minister, the hour: no one.
    expect(
      people("இணக்க அதிகாரி ஒப்புதல் அளிப்பதற்கு முன். உங்கள் மைத்துனர் ஓர் அமைச்சர். 10 மணிக்கு வந்தார்."),
    ).toEqual([]);
  });

  it("takes a Thai nickname after ลุง or ป้า whole, and no pronoun after one", () => {
    expect(people("พนักงานแจ้งว่า ลุงสมหมาย อายุ 72 ปี ถูกหลอก")).toEqual(["สมหมาย"]);
    expect(people("ลุงของเขามาด้วย")).toEqual([]);
  });

  it("takes a name in quotation marks after the words that give a nickname, in any language", () => {
    expect(people("ผู้รับเงินชื่อเล่น 'บอย' โอนต่อทันที")).toEqual(["บอย"]);
    expect(people("คนในตลาดเรียกกันว่า 'โก่ง' มาหลายปี")).toEqual(["โก่ง"]);
    // …and wherever else it stands in quotation marks.
    expect(people("ชื่อเล่น 'บอย' เปิดบัญชี ตรวจสอบแล้ว 'บอย' คือคนเดียวกัน")).toEqual(["บอย", "บอย"]);
    expect(people('The runner, known as "Boy", collected the cash.')).toEqual(["Boy"]);
    expect(people("Le chauffeur, surnommé « Ti-Steve », a payé.")).toEqual(["Ti-Steve"]);
    // A shop or a product in quotation marks is no one, nor a quoted reference number.
    expect(people("He paid a shop called 'Siam Delta' and used the app \"QuickLoan\".")).toEqual(
      [],
    );
    expect(people("Ref. known as '4471-B'.")).toEqual([]);
  });

  it("takes a Vietnamese name written without its diacritics whole, its family name a word or not", () => {
    expect(people("Khách hàng Le Minh Tuan chuyển tiền cho Do Quang Huy.")).toEqual([
      "Le Minh Tuan",
      "Do Quang Huy",
    ]);
    // Tuan is also the Malay "sir": after a family and a middle name it is the given name.
    expect(people("Khách hàng Nguyen Van Tuan chuyển tiền.")).toEqual(["Nguyen Van Tuan"]);
    expect(people("Le Monde published it. Do Not Disturb. Le Minh said so.")).toEqual([]);
  });

  it("follows a list of names through the Tamil word for 'and'", () => {
    expect(people("Yogeswari, Thivya a/p Chandran மற்றும் Nirmala மூவரும் வந்தனர்.")).toEqual([
      "Yogeswari",
      "Thivya a/p Chandran",
      "Nirmala",
    ]);
  });

  it("takes two or more capitalised words before a comma and a role", () => {
    expect(people("Wilner Joseph, chauffeur de taxi à Montréal-Nord, et sa femme.")).toEqual([
      "Wilner Joseph",
    ]);
    expect(people("John Whitfield, the customer, came in.")).toEqual(["John Whitfield"]);
    expect(
      people(
        "« Examinée, client connu. » Pada hari Rabu, rakan sekerja. Di Kanada, pemilik amanah.",
      ),
    ).toEqual([]);
    expect(people("Sinar Logistik Sdn Bhd, the employer, paid. Penal Code, section 420.")).toEqual(
      [],
    );
  });
});

describe("a listed given name alone (the seventh set's figures in decision 061)", () => {
  it("is a person inside a sentence, or opening one before a word in lower case", () => {
    expect(people("Escalated to Sharon in FCC for a second look.")).toEqual(["Sharon"]);
    expect(people("STR草稿已交给Jason审核。")).toEqual(["Jason"]);
    expect(people("Sharon called the branch on Monday.")).toEqual(["Sharon"]);
    expect(people("The branch called Dinesh about the deposits.")).toEqual(["Dinesh"]);
  });

  it("is not an ordinary word, a region, or the start of a place or a firm", () => {
    expect(people("Mark each signal as present or absent.")).toEqual([]);
    expect(people("See the RCMP Alberta warnings about bitcoin ATMs.")).toEqual([]);
    expect(people("Deposits went to three farms in Cameron Highlands.")).toEqual([]);
    expect(people("The client account of Rahim & Loh received the funds.")).toEqual([]);
    expect(people("Dinesh Kumar opened the account.")).toEqual(["Dinesh Kumar"]);
  });
});

describe("Chinese roles, kin words and titles; later mentions across scripts", () => {
  it("finds them, and no word that opens a phrase before a title", () => {
    expect(people("信用卡持卡人蔡佩琪投诉Shopee上有12笔交易。")).toEqual(["蔡佩琪"]);
    expect(people("她的妈妈梁淑芬到分行求助。")).toEqual(["梁淑芬"]);
    expect(people("邱先生说是卖二手车的货款。")).toEqual(["邱"]);
    expect(people("我们向先生说明了情况。")).toEqual([]);
  });

  it("follows a Latin name found into Chinese text, and a name before a Malay passport", () => {
    expect(people("越南籍客户Nguyễn Thị Hằng开了联名户口。Hằng说是娘家卖地的钱。")).toEqual([
      "Nguyễn Thị Hằng",
      "Hằng",
    ]);
    expect(
      people("Pekerja asing Sri Wahyuni (pasport Indonesia C7265413) hantar wang. Wahyuni kata…"),
    ).toEqual(["Sri Wahyuni", "Wahyuni"]);
    // "My" is a Vietnamese given name after a syllable with its tones, not the English word.
    expect(people("Thẻ liên kết ví MoMo do bạn gái Hà My quản lý.")).toEqual(["Hà My"]);
    expect(people("My account was closed by Hà Nội branch.")).toEqual([]);
  });

  it("cuts a Thai name written against the verb after it, but not a family name ending in one", () => {
    expect(people("ลุงถูกหลานชายชื่อก้องพามาถอนเงินฝากประจำ")).toEqual(["ก้อง"]);
    expect(people("ขายบัญชีให้เพื่อนชื่อเจมส์ในราคา 3,000 บาท")).toEqual(["เจมส์"]);
    expect(people("นายอนุชา พรหมมา เปิดบัญชี")).toEqual(["อนุชา พรหมมา"]);
    expect(people("น.ส.ฟ้าใส มีสุข นักศึกษาปี 2")).toEqual(["ฟ้าใส มีสุข"]);
    expect(people("ถ้าคุณพยายามฝากให้ต่ำกว่าวงเงิน")).toEqual([]);
  });

  it("reads names in traditional characters and in capitals, and no other words in capitals", () => {
    expect(people("客戶陳志明說是給女兒付的。媽媽梁淑芬到分行求助。")).toContain("陳志明");
    expect(people("媽媽梁淑芬到分行求助。")).toEqual(["梁淑芬"]);
    expect(people("PayNow remark LOAN RETURN TO FARHAN ISKANDAR from the sender.")).toEqual([
      "FARHAN ISKANDAR",
    ]);
    expect(people("户名TAN WEI LIANG的账户")).toEqual(["TAN WEI LIANG"]);
    expect(people("Report to MAS STRO AND CAD. BANK NEGARA MALAYSIA agreed.")).toEqual([]);
  });

  it("knows common Malay given names, and Puan written short without a dot", () => {
    expect(people("Log masuk akaun Amirah Najwa dari Kemboja pukul 2 pagi.")).toEqual([
      "Amirah Najwa",
    ]);
    expect(people("Pn Aishah dari cawangan kenal dia.")).toEqual(["Aishah"]);
    expect(people("Sepupu Jumardi, Hasnah, juga pemegang bersama a/k tersebut.")).toEqual([
      "Jumardi",
      "Hasnah",
    ]);
  });
});

describe("names standing alone in Tamil, Thai, Chinese and Vietnamese (decision 063)", () => {
  it("takes a listed Tamil name alone or with a case ending, never one that is a word", () => {
    // The word whole, with its case ending, as the notes label it.
    expect(people("சுரேஷ் இன்று கிளைக்கு வந்தார்; ஷாலினியின் கணக்கு மூடப்பட்டது.")).toEqual([
      "சுரேஷ்",
      "ஷாலினியின்",
    ]);
    // A name ending in a consonant inflected: கணேசனை, முருகனுக்கு; சேகரிக்க ("to collect") is no Sekar.
    expect(people("கணேசனை அழைக்கவும்; தரவைச் சேகரிக்க வேண்டும்.")).toEqual(["கணேசனை"]);
    // முத்து (a pearl), மணி (an hour), அன்பு (love): words as well as names.
    expect(people("காலை 10 மணி அளவில் முத்து மாலை விற்கப்பட்டது; அன்பு காட்டுங்கள்.")).toEqual([]);
  });

  it("takes a Tamil word after a role when a hyphen joins its case ending, and vowel initials", () => {
    expect(people("அவரது மகன் இளமாறன்-இன் பெயரில் கணக்கு உள்ளது.")).toEqual(["இளமாறன்"]);
    expect(people("புகார்தாரர் இ. பாரதிதாசன் கூறியபடி")).toEqual(["இ. பாரதிதாசன்"]);
    expect(people("மேலாளர் ஒப்புதல் தேவை; உரிமையாளர் அடையாளம் காணப்பட்டது.")).toEqual([]);
  });

  it("takes a Tamil or Latin word before the words that say it is a name", () => {
    expect(people("Velan என்ற நபர் பணத்தை எடுத்தார்; சுடர் என்ற பெண் உதவினார்.")).toEqual(["Velan", "சுடர்"]);
    // A definition, not a name: "a close associate is one who…".
    expect(people("நெருங்கிய கூட்டாளி என்பவர் வணிகப் பங்குதாரர் ஆவார்.")).toEqual([]);
  });

  it("takes a listed Thai name written against a role or the verb after it, and a police rank", () => {
    expect(people("พนักงานวราภรณ์สงสัยว่าลูกค้าถูกหลอก")).toEqual(["วราภรณ์"]);
    expect(people("กิตติพัฒน์โทรมาแจ้งว่าบัตรหาย")).toEqual(["กิตติพัฒน์"]);
    expect(people("มีคนอ้างเป็น พ.ต.ท.วีระ จากสถานีตำรวจ")).toEqual(["วีระ"]);
    // A large customer and a bank's employee are no one; สมบัติ is property.
    expect(people("ลูกค้ารายใหญ่โอนเงิน พนักงานธนาคารแจ้ง สมบัติของบริษัท")).toEqual([]);
  });

  it("takes an English name against Chinese, Thai or Tamil text, even one that is a word", () => {
    expect(people("已通知Ivy跟进。")).toEqual(["Ivy"]);
    expect(people("ลูกค้าและJoyเปิดบัญชี")).toEqual(["Joy"]);
    expect(people("Winnie姐说她的租客")).toEqual(["Winnie"]);
    expect(people("Sunny Side Cafe in Markham")).toEqual([]);
  });

  it("takes Chinese managers, Hong Kong wives, 小 names after a role and lists running on", () => {
    expect(people("黄经理已批准；何太（何李美玲）来电。")).toEqual(["黄", "何", "何李美玲"]);
    expect(people("助理小琪确认，老板娘小芳收款。")).toEqual(["小琪", "小芳"]);
    expect(people("开户人：林志强、林志明两兄弟")).toEqual(["林志强", "林志明"]);
    expect(people("天气太热，钱太多，总经理和项目经理开会，秘书小时工资。")).toEqual([]);
  });

  it("takes Vietnamese in-laws, staff and names called with ơi; a clause's company ends at 'của'", () => {
    expect(people("chị dâu Hạnh đi cùng; NV Thư ghi nhận. Lộc ơi, kiểm tra giúp.")).toEqual([
      "Hạnh",
      "Thư",
      "Lộc",
    ]);
    expect(people("công ty trả lương vào TK của Lường Văn Tâm hằng tháng")).toEqual([
      "Lường Văn Tâm",
    ]);
    expect(people("Cơ quan Quản lý Tiền tệ và Hiệp hội Kế toán Carbon")).toEqual([]);
  });
});

describe("chats, memos, sign-offs and accounts without their word (decision 063)", () => {
  it("takes a chat's speakers and their names in lower case after a title or a role", () => {
    const chat = [
      "[10:02] weiling: new mule case",
      "[10:03] arjun: victim is mdm goh siew hwa, her son vincent called us",
      "[10:04] weiling: ok",
      "arjun: done",
    ].join("\n");
    expect(people(chat)).toEqual([
      "weiling",
      "arjun",
      "goh siew hwa",
      "vincent",
      "weiling",
      "arjun",
    ]);
    // Speakers whose names are words elsewhere (tuan, hoa) speak in turns too.
    const zalo = "tuan: c hoa oi\nhoa: goi roi e\ntuan: tien di dau\nhoa: ve stk";
    expect(people(zalo)).toEqual(["tuan", "hoa", "hoa", "tuan", "hoa"]);
    // One voice, or labels that head lines, are no chat.
    expect(people("Note: call back.\nNote: no answer.\nStatus: open")).toEqual([]);
    expect(people("hồ sơ khách hàng hồ sơ mở tài khoản")).toEqual([]);
  });

  it("takes who prepared, checked or approved a note, and names joined by a slash", () => {
    expect(people("Disediakan oleh Norhayati Ismail; disemak: Tengku Faris.")).toEqual([
      "Norhayati Ismail",
      "Faris",
    ]);
    expect(people("CONTRÔLE : Ginette/Réjean.")).toEqual(["Ginette", "Réjean"]);
    expect(people("Diluluskan oleh Parlimen pada Mac 2024.")).toEqual([]);
  });

  it("takes a memo's payee in capitals whatever the words, and a name before an identifier", () => {
    expect(people("BENEFICIARY: SUTRISNO HADI WIBOWO, BANK MANDIRI")).toEqual([
      "SUTRISNO HADI WIBOWO",
    ]);
    expect(people("Paid to Oksana Melnychuk, SIN 046 454 286 on file.")).toContain(
      "Oksana Melnychuk",
    );
    expect(people("République de Corvanie, né en 1961")).toEqual([]);
  });

  it("takes Thai sign-offs, copies and ชื่อ after a quoted role or a number; Chinese sayers", () => {
    expect(people("ผู้ทบทวน: พี่ต่าย; ตรวจซ้ำ: Arthit")).toEqual(["ต่าย", "Arthit"]);
    expect(people('อ้างเป็น "เจ้าหน้าที่ธนาคาร" ชื่อวิไล โทรมา')).toEqual(["วิไล"]);
    expect(people("(informed) ชื่อบทบาทเป็นเพียงตัวอย่าง")).toEqual([]);
    expect(people("受害人之一 周文杰 说，对方自称警官。")).toEqual(["周文杰"]);
    expect(people("他严厉地说不要转账。")).toEqual([]);
  });

  it("removes a name found once wherever else it is written, but not inside a firm's or a word", () => {
    const { text } = scrubPii(
      "Mr Okonkwo Adeyemi paid. Later okonkwo's friend said Okonkwo Adeyemi Trading Ltd paid too.",
    );
    expect(text).toBe(
      "Mr [PERSON 1] paid. Later okonkwo's friend said Okonkwo Adeyemi Trading Ltd paid too.",
    );
    // ต้น found once as a nickname is the same person between word breaks, but no one inside
    // ต้นทุน ("cost").
    expect(scrubPii("น้องต้นโอนเงิน ต่อมาต้นบอกว่าต้นทุนสูง").text).toBe(
      "น้อง[PERSON 1]โอนเงิน ต่อมา[PERSON 1]บอกว่าต้นทุนสูง",
    );
  });

  it("removes a number found once wherever else it is written, but not inside another", () => {
    const { text } = scrubPii(
      "Akaun 1644 0023 88 dibuka Mac. Wang keluar dari 1644 0023 88 ke 91644 0023 889.",
    );
    expect(text).toBe(
      "Akaun [ACCOUNT 1] dibuka Mac. Wang keluar dari [ACCOUNT 1] ke 91644 0023 889.",
    );
  });

  it("takes an account after its bank's name, in its bank's shape, or under an Account column", () => {
    const accounts = (text: string) => found(text, "ACCOUNT");
    expect(accounts("Paid to Maybank 5621 4409 8813 and 中銀 012-579-2-004418-3.")).toEqual([
      "5621 4409 8813",
      "012-579-2-004418-3",
    ]);
    expect(accounts("funds left via 601-292047-001 and 815-30112-0982241")).toEqual([
      "601-292047-001",
      "815-30112-0982241",
    ]);
    expect(accounts("she paid 0721 8834 5519 (OCBC) yesterday")).toEqual(["0721 8834 5519"]);
    const table =
      "No | Name | Account | Cash\n1 | Ali | 1644 0023 8871 | RM 9,800\n2 | Bo | 7012-8834-55 | RM 9,500";
    expect(accounts(table)).toEqual(["1644 0023 8871", "7012-8834-55"]);
    // An amount, a date, a case number and a bank's hotline year are no account.
    expect(accounts("DBS 2024 report: RM 9,800 on 2024-09-02, case 2024-000123")).toEqual([]);
  });
});

describe("tables, patronymics in capitals, screening spellings and family names", () => {
  it("takes the cells under a table's Name column, up to a bracket, and no firm", () => {
    const table = [
      "No | Nom | Compte | Décision",
      "1 | Will Chen | 004-06755-6681207 | transmettre",
      "2 | Bunga Pertiwi (ID, KTP 3578046508920002) | - | escalade",
      "3 | Kedai Runcit Sdn Bhd | 1644 0023 8871 | fermer",
    ].join("\n");
    expect(people(table)).toEqual(["Will Chen", "Bunga Pertiwi"]);
    expect(people("序號 | 姓名 | 戶口\n1 | 陳海燕 | 012-579-2-004418-3")).toEqual(["陳海燕"]);
    expect(people("ลำดับ | ชื่อ | บัญชี\n1 | สมชาย ใจดี | 068-2-41937-5")).toEqual(["สมชาย ใจดี"]);
    // No column of names: an item, a place.
    expect(people("No | Item | Amount\n1 | Rose Garden | 5")).toEqual([]);
  });

  it("takes a patronymic in capitals or with a title after bin, and Sarawak's anak", () => {
    expect(
      people("FUNDS FROM ABANG ZAINUDDIN BIN ABANG SALLEH AND RAVINDRAN A/L KRISHNAN (MY)"),
    ).toEqual(["ZAINUDDIN BIN ABANG SALLEH", "RAVINDRAN A/L KRISHNAN"]);
    expect(people("Kamal Ariffin bin Haji Mokhtar menandatangani.")).toEqual([
      "Kamal Ariffin bin Haji Mokhtar",
    ]);
    expect(people("Akaun atas nama Mary anak Ujang dibuka.")).toEqual(["Mary anak Ujang"]);
    expect(people("Dia ada anak lelaki di Kuching.")).toEqual([]);
  });

  it("reads a role before a colon written with a space, as French writes it", () => {
    expect(people("Analyste : Maude; approbation : Claude.")).toEqual(["Maude", "Claude"]);
  });

  it("takes a family name in capitals beside given names, and no acronym", () => {
    expect(people('World-Check hit on "Andrii MELNYK" - different DOB')).toEqual(["Andrii MELNYK"]);
    expect(people("Liste 3 : VOLKOV Sergei Nikolaevich, né en 1971")).toEqual([
      "VOLKOV Sergei Nikolaevich",
    ]);
    expect(people("IFRS Foundation texts, FATF Recommendation 16 and the ISSB Board")).toEqual([]);
  });

  it("takes a listed family name after a capitalised word, and no ordinary word", () => {
    expect(people("Paid to Jonalyn Reyes via GCash, then to Rodel Bautista.")).toEqual([
      "Jonalyn Reyes",
      "Rodel Bautista",
    ]);
    expect(people("Notes from Grey Brown Street and Long Hall.")).toEqual([]);
  });
});

describe("the model of names (decision 064)", () => {
  const rulesOnly = (text: string) =>
    findPii(text, [], { model: false })
      .filter((item) => item.type === "PERSON")
      .map((item) => text.slice(item.start, item.end));

  it("finds names no rule finds, from where they stand", () => {
    const malay = "Hasil semakan: Farizal dan Tuan Haji Mokhtar hadir; Farizal setuju.";
    expect(rulesOnly(malay)).toEqual(["Mokhtar"]);
    expect(people(malay)).toEqual(["Farizal", "Mokhtar", "Farizal"]);
    const thai = "ลูกค้าโอนเงินให้ประภาพรทุกวัน";
    expect(rulesOnly(thai)).toEqual([]);
    expect(people(thai)).toEqual(["ประภาพร"]);
  });

  it("takes no regulator, fund, bank or law for a person", () => {
    expect(
      people("The Sunrise Foundation paid IFRS fees; Bank Negara issued guidance under AMLA."),
    ).toEqual([]);
  });

  it("takes no nationality, shop, street or building named after someone", () => {
    expect(people("Held by Agus Santoso, Indonesian, NIK on file.")).toEqual(["Agus Santoso"]);
    expect(
      people("Cash at Kedai Kunci Ah Chong and Jalan Wong Ah Fook; la Pharmacie Jean Coutu."),
    ).toEqual([]);
    expect(people("海燕大廈只是地址。")).toEqual([]);
    expect(people("หลานชาย ภูมิ จะพามาสาขา")).toEqual(["ภูมิ"]);
  });

  it("was trained on the labelled notes as they are now (npm run train:pii)", () => {
    expect((piiModel as { trainedOn: string }).trainedOn).toBe(corpusDigest());
  });
});

describe("people, addresses, dates of birth, accounts and passports", () => {
  it("finds the people of the issue's example and keeps one number per person", () => {
    const result = scrubPii(
      "Account holder John Whitfield (DOB 14/02/1971) lives at 1450 Bay Street, Unit 2204, " +
        "Toronto, ON M5R 2Y4. His wife, Mei Ling Tan, and Ahmad bin Ismail share account " +
        "0012345678. Mr Whitfield says Whitfield Logistics is unrelated; Encik Ahmad agreed.",
    );
    expect(result.text).toBe(
      "Account holder [PERSON 1] (DOB [DOB 1]) lives at [ADDRESS 1]. His wife, [PERSON 2], " +
        "and [PERSON 3] share account [ACCOUNT 1]. Mr [PERSON 1] says Whitfield Logistics is " +
        "unrelated; Encik [PERSON 3] agreed.",
    );
    expect(result.removed).toEqual({ PERSON: 3, DOB: 1, ADDRESS: 1, ACCOUNT: 1 });
    expect(result.found[0]).toEqual({
      type: "PERSON",
      start: 15,
      end: 29,
      value: "John Whitfield",
      placeholder: "[PERSON 1]",
    });
  });

  it.each([
    [
      "Malay",
      "Pelanggan Siti Aminah binti Yusof dan Muthu a/l Rajan",
      ["Siti Aminah binti Yusof", "Muthu a/l Rajan"],
    ],
    [
      "Chinese characters",
      "客户陈美玲于3月开户，其妻王丽华也是签署人。李先生确认。",
      ["陈美玲", "王丽华", "李"],
    ],
    [
      "pinyin",
      "Remitter Zhang Wei sent USD 9,800; Tan Wei Ming received it.",
      ["Zhang Wei", "Tan Wei Ming"],
    ],
    ["Tamil", "வாடிக்கையாளர் முருகன் செல்வம் பணம் அனுப்பினார்", ["முருகன் செல்வம்"]],
    ["Thai", "นายสมชาย ใจดี และนางสาวมาลี ศรีสุข โอนเงิน 50,000 บาท", ["สมชาย ใจดี", "มาลี ศรีสุข"]],
    [
      "Vietnamese",
      "Ông Lê Minh Tuấn và bà Trần Thị Bình rút tiền tại chi nhánh Nguyễn Huệ.",
      ["Lê Minh Tuấn", "Trần Thị Bình"],
    ],
    [
      "French",
      "M. Jean Tremblay et Mme Marie-Claude Gagnon, rue Saint-Denis.",
      ["Jean Tremblay", "Marie-Claude Gagnon"],
    ],
  ])("finds people named in %s", (_language, text, names) => {
    const people = scrubPii(text).found.filter((item) => item.type === "PERSON");
    expect(people.map((item) => item.value)).toEqual(names);
  });

  it("keeps amounts, transaction dates, references, regulators, companies and streets", () => {
    for (const text of [
      "On 3 May 2024 the branch at Raffles Place received SGD 48,000 under ref AML-2024-0173.",
      "MAS Notice 626 requires the STR to be filed with STRO; BNM and FINTRAC agree.",
      "Golden Crest Trading Sdn Bhd paid Koh Holdings Pte Ltd RM 350,000 on 12/03/2024.",
      "Staff at the Jalan Tun Razak branch and the Orchard Road branch saw the deposits.",
      "Nhân viên chi nhánh Trần Hưng Đạo thấy khách đếm tiền.",
      "Wall Street Journal reporting named Summit Peak Capital.",
      "The account received 14 transfers; account balance SGD 1,234,567 at 31/12/2024.",
      "ยอดโอน 50,000 บาท เมื่อวันที่ 14 มิถุนายน 2567",
      "金额为人民币12,000元，日期为2024年3月15日。",
    ]) {
      expect(scrubPii(text), text).toEqual({ text, removed: {}, found: [] });
    }
  });

  it("needs a birth cue for a date of birth, and an account cue for an account number", () => {
    expect(
      scrubPii("Born 5 June 1984; née le 12 mars 1978; sinh ngày 12/05/1980.").removed,
    ).toEqual({
      DOB: 3,
    });
    expect(scrubPii("Paid on 5 June 1984 and 12/05/1980.").found).toEqual([]);
    expect(
      scrubPii("Compte no 1234567 et บัญชีเลขที่ 123-4-56789-0 et 账户062-345678-9").removed,
    ).toEqual({
      ACCOUNT: 3,
    });
    expect(scrubPii("Passport K1234567, hộ chiếu số C1234567, 护照E12345678").removed).toEqual({
      PASSPORT: 3,
    });
  });
});

describe("text with nobody in it", () => {
  // 100,000 characters of regulatory text: regulators, laws, companies, places, hotlines and
  // amounts, and no person. Their hotlines are phone numbers, rightly removed from notes too.
  it("finds no person, address, birth date, account or passport in the knowledge base", () => {
    const dir = path.resolve(import.meta.dirname, "../../../content/knowledge-base/passages");
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      const passages: unknown = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      for (const passage of Array.isArray(passages) ? passages : [passages]) {
        const { title = "", paragraphs = [] } = passage as {
          title?: string;
          paragraphs?: string[];
        };
        const text = [title, ...paragraphs].join("\n");
        const found = scrubPii(text).found.filter((item) => item.type !== "PHONE");
        expect(found, file).toEqual([]);
      }
    }
  });
});

describe("spans the learner marks", () => {
  it("are replaced wherever they occur, with the type the learner gave", () => {
    const result = scrubPii("Ask Bobby about it. bobby said the Kestrel Cafe owner paid.", {
      marked: [
        { text: "Bobby", type: "PERSON" },
        { text: " Kestrel  Cafe ", type: "ADDRESS" },
      ],
    });
    expect(result.text).toBe(
      "Ask [PERSON 1] about it. [PERSON 1] said the [ADDRESS 1] owner paid.",
    );
  });

  it("win over what the scrubber found, and ignore a single character", () => {
    const result = scrubPii("Mr Tan Ah Kow of Tan Ah Kow Trading.", {
      marked: [
        { text: "Tan Ah Kow Trading", type: "PERSON" },
        { text: "x", type: "PERSON" },
      ],
    });
    expect(result.found.map((item) => item.value)).toEqual(["Tan Ah Kow", "Tan Ah Kow Trading"]);
  });

  it("take a Chinese family name of one character, as a learner marks 王 of 王老板", () => {
    const result = scrubPii("建筑商王老板每逢月底让外劳提现。", {
      marked: [{ text: "王", type: "PERSON" }],
    });
    expect(result.text).toBe("建筑商[PERSON 1]老板每逢月底让外劳提现。");
  });
});

describe("speed", () => {
  // Milliseconds on a shared machine say little (the 5 ms target is `npm run bench`'s); the
  // shape does: 8,000 characters take about eight times 1,000, not 64 times as a scrubber that
  // looked at every pair of words would.
  it("scrubs case notes in time that grows with their length, not faster", () => {
    const sentences = [...POSITIVES.map((sample) => sample.text), ...NEGATIVES];
    let text = "";
    for (let i = 0; text.length < 8000; i++) {
      // Interleave positives and negatives so the mix is realistic.
      text += `${sentences[(i * 7) % sentences.length] ?? ""} `;
    }
    const long = text.slice(0, 8000);
    const short = text.slice(0, 1000);
    const median = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return ((sorted[9] ?? 0) + (sorted[10] ?? 0)) / 2;
    };
    for (let i = 0; i < 5; i++) scrubPii(long);
    const shortTimes: number[] = [];
    const longTimes: number[] = [];
    // Alternating, so a busy moment of the machine falls on both.
    for (let i = 0; i < 20; i++) {
      let started = performance.now();
      for (let j = 0; j < 8; j++) scrubPii(short);
      shortTimes.push((performance.now() - started) / 8);
      started = performance.now();
      scrubPii(long);
      longTimes.push(performance.now() - started);
    }
    const ratio = median(longTimes) / median(shortTimes);
    console.log(
      `PII scrub: 8,000 characters ${median(longTimes).toFixed(2)} ms, 1,000 ${median(shortTimes).toFixed(2)} ms (×${ratio.toFixed(1)})`,
    );
    expect(ratio).toBeLessThan(20);
  });
});
