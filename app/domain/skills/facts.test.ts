import { describe, expect, it } from "vitest";
import { extractFacts } from "./facts";
import { jurisdictionOf } from "./jurisdiction";

describe("extractFacts", () => {
  const notes =
    "Customer [PERSON 1], a retired teacher, opened an account in January 2024. His wife, " +
    "[PERSON 2], sent CAD 9,800 on 12 March 2024 and 9 900 $ CA on 13 March 2024 through " +
    "Interac e-Transfer to Northern Birch Inc. in Toronto. Account [ACCOUNT 1] received 3 cash " +
    "deposits. [PERSON 1] said the money was a gift. We placed a hold on 14 March 2024.";

  it("finds who, by placeholder and role, with what the notes say they are", () => {
    expect(extractFacts(notes).people).toEqual([
      { placeholder: "[PERSON 1]", roles: ["customer"], described: "a retired teacher" },
      { placeholder: "[PERSON 2]", roles: ["spouse"] },
    ]);
  });

  it("finds amounts with their currency, counts, dates in order, channels and counterparties", () => {
    const facts = extractFacts(notes);
    expect(facts.amounts).toEqual([
      { text: "CAD 9,800", currency: "CAD" },
      { text: "9 900 $ CA", currency: "CAD" },
    ]);
    expect(facts.counts).toEqual(["3 cash deposits"]);
    expect(facts.timeline.map((event) => event.date)).toEqual([
      "in January 2024",
      "12 March 2024, 13 March 2024",
      "14 March 2024",
    ]);
    expect(facts.accounts).toEqual(["[ACCOUNT 1]"]);
    expect(facts.channels).toEqual(expect.arrayContaining(["Interac e-Transfer", "cash"]));
    expect(facts.counterparties).toContain("Northern Birch Inc.");
    expect(facts.places).toEqual(["Toronto"]);
    expect(facts.statements).toEqual(["[PERSON 1] said the money was a gift."]);
    expect(facts.actions).toEqual(["We placed a hold on 14 March 2024."]);
  });

  it("finds the red flags a skill lists, with the sentence that shows each", () => {
    const facts = extractFacts(notes, [
      { label: "Gift", cues: ["gift"] },
      { label: "Crypto", cues: ["crypto"] },
    ]);
    expect(facts.redFlags).toEqual([
      { label: "Gift", evidence: "[PERSON 1] said the money was a gift.", typology: undefined },
    ]);
  });

  it("reads amounts written in other languages' ways", () => {
    const amounts = extractFacts(
      "转账新币15,400元；ยอดโอน 50,000 บาท; 350.000.000 VND; RM 1.2 juta; 48 000 $.",
    ).amounts;
    expect(amounts.map((amount) => amount.currency)).toEqual(["SGD", "THB", "VND", "MYR", null]);
  });
});

describe("jurisdictionOf", () => {
  it("follows the currencies, regulators and places the notes name", () => {
    expect(jurisdictionOf("SGD 15,000 reported to STRO", "ca")).toEqual({
      place: "sg",
      fromNotes: true,
      evidence: ["SGD", "STRO"],
    });
    expect(jurisdictionOf("Dépôt de 9 800 $ CA, déclaration à CANAFE", "sg").place).toBe("ca");
    expect(jurisdictionOf("ยอดโอน 50,000 บาท แจ้ง ปปง.", "sg").place).toBe("th");
    expect(jurisdictionOf("RM 50,000 in cash, BNM notified", "sg").place).toBe("my");
  });

  it("falls back on the learner's region when the notes name no place", () => {
    expect(jurisdictionOf("The customer received many transfers.", "vn")).toEqual({
      place: "vn",
      fromNotes: false,
      evidence: [],
    });
  });
});
