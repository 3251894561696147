import { describe, expect, test } from "vitest";
import {
  amlContent,
  sampleActions,
  sampleAttestation,
  sampleCriteria,
  storedEvidence,
} from "../../../tests/evidence-sample";
import { csvObjects } from "../../../tests/csv";
import { EVIDENCE_CSV_HEADER, evidenceCsv } from "./kit-csv.server";
import { evidenceFileName } from "./kit-files";

describe("an evidence record's CSV", () => {
  test("starts with a byte order mark and the header row", () => {
    const csv = evidenceCsv(storedEvidence({ content: amlContent() }));

    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split(/\r?\n/)[0]).toBe(EVIDENCE_CSV_HEADER.join(","));
  });

  test("has one row per learner action and per criterion, each naming the record", () => {
    const record = storedEvidence({ content: amlContent() });
    const rows = csvObjects(evidenceCsv(record));

    const actions = rows.filter((row) => row.section === "action");
    expect(actions.map((row) => [row.name, row.value])).toEqual(
      sampleActions.map(({ action, value }) => [action, value]),
    );
    const criteria = rows.filter((row) => row.section === "criterion");
    expect(
      criteria.map((row) => [row.name, row.earned, row.max_score, row.weight, row.passed]),
    ).toEqual(
      sampleCriteria.map((criterion) => [
        criterion.label,
        String(criterion.earned),
        String(criterion.maxScore),
        String(criterion.weight),
        String(criterion.passed),
      ]),
    );
    expect(criteria[0]?.value).toContain("You named 4 of the 5 key signals");
    for (const row of rows) {
      expect([row.evidence_id, row.hash, row.kind]).toEqual([
        record.evidenceId,
        record.hash,
        "aml-attempt",
      ]);
    }
  });

  test("has rows for the attestation, each citation and the learner", () => {
    const rows = csvObjects(evidenceCsv(storedEvidence({ content: amlContent() })));

    expect(rows.filter((row) => row.section === "attestation")).toMatchObject([
      { name: sampleAttestation, value: "not confirmed" },
    ]);
    expect(rows.filter((row) => row.section === "citation")).toMatchObject([
      {
        name: "Spots the signals: Mule account controls (secondary)",
        value: "https://www.amlo.go.th/mule-accounts",
      },
      {
        name: "Scenario source: AMLA B.E. 2542, ss.13 and 14 (statute text, secondary)",
        value: "https://www.amlo.go.th/amla",
      },
    ]);
    expect(rows).toContainEqual(
      expect.objectContaining({ section: "content", name: "learner.name", value: "สมชาย ใจดี" }),
    );
  });

  test("says when a genuine answer's floor gave the score, and not otherwise", () => {
    const content = amlContent();
    const grading = content.gradingSummary as Record<string, unknown>;
    const floored = {
      ...content,
      gradingSummary: { ...grading, floor: { score: 0.4, description: "Held at the floor" } },
    };
    const rows = csvObjects(evidenceCsv(storedEvidence({ content: floored })));
    expect(rows.filter((row) => row.section === "floor")).toMatchObject([
      { name: "Held at the floor", value: "score at least 0.4" },
    ]);
    const plain = csvObjects(evidenceCsv(storedEvidence({ content: amlContent() })));
    expect(plain.filter((row) => row.section === "floor")).toEqual([]);
  });

  test("a learner's answer that a spreadsheet would run as a formula is kept as text", () => {
    const content = amlContent();
    content.learnerActions = [
      { action: "Why it matters", value: '=HYPERLINK("https://evil.example","Open")' },
      { action: "+Decision", value: "@SUM(A1:A2)" },
    ];
    const csv = evidenceCsv(storedEvidence({ content }));

    expect(csv).not.toMatch(/(^|[,\n])"?[=+@-]/u);
    const actions = csvObjects(csv).filter((row) => row.section === "action");
    expect(actions.map((row) => [row.name, row.value])).toEqual([
      ["Why it matters", `'=HYPERLINK("https://evil.example","Open")`],
      ["'+Decision", "'@SUM(A1:A2)"],
    ]);
  });

  test("a record of another kind has a row for each of its values", () => {
    const record = storedEvidence({
      kind: "purge",
      content: {
        reason: "Retention period of 5 years ended",
        purgedCount: 118,
        complete: true,
        window: { from: "2020-01-01", to: "2021-11-23" },
      },
    });
    const rows = csvObjects(evidenceCsv(record));

    expect(rows.map((row) => [row.kind, row.section, row.name, row.value])).toEqual([
      ["purge", "content", "reason", "Retention period of 5 years ended"],
      ["purge", "content", "purgedCount", "118"],
      ["purge", "content", "complete", "true"],
      ["purge", "content", "window.from", "2020-01-01"],
      ["purge", "content", "window.to", "2021-11-23"],
    ]);
  });
});

describe("an evidence file's name", () => {
  test("names the scenario and the record's date in UTC", () => {
    const record = storedEvidence({
      content: amlContent(),
      scenarioId: "Convenience_Store Cash-in",
      timestamp: "2026-11-23T23:30:00.000-05:00",
    });

    expect(evidenceFileName(record, "pdf")).toBe(
      "evidence_convenience-store-cash-in_2026-11-24.pdf",
    );
    expect(evidenceFileName(record, "csv")).toBe(
      "evidence_convenience-store-cash-in_2026-11-24.csv",
    );
  });

  test("names the kind when the record has no scenario", () => {
    const record = storedEvidence({ kind: "purge", content: {}, scenarioId: null });

    expect(evidenceFileName(record, "json")).toBe("evidence_purge_2026-11-23.json");
  });
});
