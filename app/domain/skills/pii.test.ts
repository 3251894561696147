import { describe, expect, it } from "vitest";
import { NEGATIVES, POSITIVES } from "../../../tests/fixtures/pii-corpus";
import { PII_TYPES, scrubPii, type PiiType } from "./pii";

function countsOf(
  items: readonly (readonly [PiiType, string])[],
): Partial<Record<PiiType, number>> {
  const counts: Partial<Record<PiiType, number>> = {};
  for (const [type] of items) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

// Scrubbing `value` inside a sentence removes it as exactly one item of `type`.
function expectScrubbed(value: string, type: PiiType) {
  const result = scrubPii(`Noted: ${value} today.`);
  expect(result.text).toBe(`Noted: [${type}] today.`);
  expect(result.removed).toEqual({ [type]: 1 });
}

function expectKept(value: string) {
  const text = `Noted: ${value} today.`;
  expect(scrubPii(text)).toEqual({ text, removed: {} });
}

describe("scrubPii on the case-note corpus", () => {
  it("has enough samples of every type", () => {
    expect(POSITIVES.length).toBeGreaterThanOrEqual(60);
    expect(NEGATIVES.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(POSITIVES.flatMap((sample) => sample.items.map(([type]) => type)));
    expect([...covered].sort()).toEqual([...PII_TYPES].sort());
  });

  it("finds personal data with precision and recall of at least 0.95", () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    for (const sample of POSITIVES) {
      const expected = countsOf(sample.items);
      const { removed } = scrubPii(sample.text);
      for (const type of PII_TYPES) {
        const want = expected[type] ?? 0;
        const got = removed[type] ?? 0;
        truePositives += Math.min(want, got);
        falsePositives += Math.max(0, got - want);
        falseNegatives += Math.max(0, want - got);
      }
    }
    for (const text of NEGATIVES) {
      for (const count of Object.values(scrubPii(text).removed)) falsePositives += count;
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `PII corpus: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} ` +
        `(${truePositives} found, ${falsePositives} wrongly, ${falseNegatives} missed)`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it("leaves no scrubbed item behind in the text", () => {
    for (const sample of POSITIVES) {
      const { text } = scrubPii(sample.text);
      for (const [type, value] of sample.items) {
        expect(text, sample.text).not.toContain(value);
        expect(text, sample.text).toContain(`[${type}]`);
      }
    }
  });

  it("returns every negative sentence byte-identical, with nothing removed", () => {
    for (const text of NEGATIVES) {
      expect(scrubPii(text), text).toEqual({ text, removed: {} });
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
    expect(scrubPii("SIN 130456783 on file.").text).toBe("SIN [CA_SIN] on file.");
    const text = "Invoice 130456783 was paid.";
    expect(scrubPii(text)).toEqual({ text, removed: {} });
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
    expect(scrubPii("Phone: 4165550199").text).toBe("Phone: [PHONE]");
  });

  it("rejects numbers that have a valid length but an unassigned prefix", () => {
    // Singapore numbers start with 3, 6, 8 or 9.
    expectKept("2123 4567");
    expectKept("+65 2123 4567");
  });
});

describe("placeholders and counts", () => {
  it("counts several items of one type and reports only the types found", () => {
    const result = scrubPii(
      "Emails a.tan@example.com, b.lim@example.com and c.ng@example.com; phone 9123 4567.",
    );
    expect(result.text).toBe("Emails [EMAIL], [EMAIL] and [EMAIL]; phone [PHONE].");
    expect(result.removed).toEqual({ EMAIL: 3, PHONE: 1 });
  });

  it("keeps punctuation that touches an item", () => {
    expect(scrubPii("(S1234567D), [9123 4567]; <a.tan@example.com>!").text).toBe(
      "([SG_NRIC]), [[PHONE]]; <[EMAIL]>!",
    );
    expect(scrubPii("IP: 192.0.2.44. Card: 4111111111111111.").text).toBe(
      "IP: [IP]. Card: [CARD].",
    );
  });

  it("finds an email inside Thai and Chinese text written without spaces", () => {
    expect(scrubPii("กรุณาติดต่อsomchai.k@example.co.thภายในวันนี้").text).toBe(
      "กรุณาติดต่อ[EMAIL]ภายในวันนี้",
    );
    expect(scrubPii("请联系zhang.wei@example.com确认。").text).toBe("请联系[EMAIL]确认。");
  });

  it("scrubs the longer item when two readings overlap", () => {
    // "912 345 675" alone is a Luhn-valid SIN; with "+84" in front it is a Vietnamese mobile.
    expect(scrubPii("Call +84 912 345 675 now")).toEqual({
      text: "Call [PHONE] now",
      removed: { PHONE: 1 },
    });
    expect(scrubPii("SIN 912 345 675 on file").text).toBe("SIN [CA_SIN] on file");
  });

  it("finds a card at the end of a longer run of digit groups", () => {
    expect(scrubPii("Ref 9123 4567 4111 1111 1111 1111 used").text).toBe(
      "Ref 9123 4567 [CARD] used",
    );
  });

  it("is stable: scrubbing scrubbed text changes nothing", () => {
    for (const sample of POSITIVES) {
      const once = scrubPii(sample.text).text;
      expect(scrubPii(once)).toEqual({ text: once, removed: {} });
    }
  });

  it("returns empty text unchanged", () => {
    expect(scrubPii("")).toEqual({ text: "", removed: {} });
  });
});

describe("speed", () => {
  it("scrubs 8,000 characters of case notes quickly (median of 20 runs; the 5 ms target is the bench's)", () => {
    const sentences = [...POSITIVES.map((sample) => sample.text), ...NEGATIVES];
    let text = "";
    for (let i = 0; text.length < 8000; i++) {
      // Interleave positives and negatives so the mix is realistic.
      text += `${sentences[(i * 7) % sentences.length] ?? ""} `;
    }
    text = text.slice(0, 8000);

    for (let i = 0; i < 5; i++) scrubPii(text);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      scrubPii(text);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = ((times[9] ?? 0) + (times[10] ?? 0)) / 2;
    console.log(`PII scrub of 8,000 characters: median ${median.toFixed(2)} ms`);
    // Generous, so a loaded shared machine does not fail it; the target, 5 ms, is `npm run bench`'s.
    expect(median).toBeLessThan(50);
  });
});
