import { describe, expect, it } from "vitest";
import {
  bearsClaim,
  citationsIn,
  segments,
  sentences,
  uncitedClaims,
  withoutCitations,
} from "./citations";

describe("inline source tags", () => {
  it("are read in order of first mention, once each", () => {
    expect(citationsIn("A rule [C6]. Another [C8] [C6]. None here.")).toEqual(["C6", "C8"]);
    expect(citationsIn("[lowercase] and [C] are not tags")).toEqual([]);
  });

  it("cut a text into words and notes, and come out for plain-text uses", () => {
    expect(segments("Within 15 days [C6]. Also [S3] [M3].")).toEqual([
      { text: "Within 15 days" },
      { source: "C6" },
      { text: ". Also" },
      { source: "S3" },
      { source: "M3" },
      { text: "." },
    ]);
    expect(withoutCitations("Within 15 days [C6] [C8].")).toBe("Within 15 days.");
  });
});

describe("claim-bearing sentences", () => {
  it("split at sentence ends but not at initials, titles or section numbers", () => {
    expect(
      sentences("D. Vance paid Mr. K. Osei under s. 45 of the Act. Then e.g. a call came! Done?"),
    ).toEqual([
      "D. Vance paid Mr. K. Osei under s. 45 of the Act.",
      "Then e.g. a call came!",
      "Done?",
    ]);
  });

  it.each([
    "File the report within 15 calendar days.",
    "Cash of RM50,000 or more is reported.",
    "Transactions of THB 2 million or more are reported.",
    "Records are kept for five years.",
    "The rule changed on 1 June 2021.",
    "The fine is up to 10% of turnover.",
    "Paragraph 8 of the Notice applies.",
    "Under section 14 the duty is immediate.",
  ])("a figure, a date or a law needs a source: %s", (sentence) => {
    expect(bearsClaim(sentence)).toBe(true);
    expect(uncitedClaims(sentence)).toEqual([sentence]);
    expect(uncitedClaims(sentence.replace(/\.$/, " [C6]."))).toEqual([]);
  });

  it.each([
    "Ask the customer where the money comes from.",
    "Escalate to your compliance officer and write down what you saw.",
    "Never tell the customer that a report may be made.",
  ])("advice without a figure or a law does not: %s", (sentence) => {
    expect(bearsClaim(sentence)).toBe(false);
  });
});
