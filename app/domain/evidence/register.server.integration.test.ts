import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { signInForTest } from "../../../tests/integration/auth";
import { resetProgress } from "~/domain/training/index.server";
import { appendEvidence, auditChains } from "./chain.server";
import { parseRegisterQuery, registerCsv, searchEvidence } from "./register.server";

// The evidence register on a real database: staff find records by organisation, learner (name or
// email, any case), scenario and day, a page at a time, and take the matches away as CSV.

async function learner(label: string, name: string) {
  const { email } = await signInForTest(label);
  const { id } = await getDb()
    .updateTable("user")
    .set({ name })
    .where("email", "=", email)
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email, name };
}

const record = (
  organisationId: number,
  userId: string | null,
  scenarioId: string | null,
  timestamp: string,
) =>
  appendEvidence({
    organisationId,
    kind: scenarioId ? "aml-attempt" : "certificate-issued",
    subject: `test:${timestamp}`,
    userId,
    scenarioId,
    payload: { jurisdiction: "sg", mode: "guided", packVersion: "1.0.0", timestamp, content: {} },
  });

/** Two organisations' chains: Siti's and Tan's records on four days of March. */
async function register() {
  const siti = await learner("siti", "Siti Rahman");
  const tan = await learner("tan", '=HYPERLINK("http://evil.example")');
  const first = await record(1, siti.id, "paynow-pep-pass-through", "2026-03-01T09:00:00.000Z");
  const second = await record(1, tan.id, "trade-finance-mirror", "2026-03-05T23:59:59.000Z");
  const third = await record(1, siti.id, null, "2026-03-06T00:00:00.000Z");
  const other = await record(2, tan.id, "paynow-pep-pass-through", "2026-03-10T12:00:00.000Z");
  return { siti, tan, first, second, third, other };
}

const ids = (rows: { evidenceId: string }[]) => rows.map((row) => row.evidenceId);

describe("the evidence register", () => {
  it("lists every record newest first, with its learner, chain position and hashes", async () => {
    const { siti, first, second, third, other } = await register();
    const all = await searchEvidence({ page: 1 });
    expect(all.total).toBe(4);
    expect(ids(all.rows)).toEqual(ids([other, third, second, first]));
    expect(all.rows[3]).toEqual({
      id: first.id,
      evidenceId: first.evidenceId,
      organisationId: 1,
      sequence: 1,
      kind: "aml-attempt",
      learnerName: "Siti Rahman",
      learnerEmail: siti.email,
      scenarioId: "paynow-pep-pass-through",
      createdAt: "2026-03-01T09:00:00.000Z",
      hash: first.hash,
      prevHash: first.prevHash,
      keyId: first.keyId,
      superseded: false,
    });
    expect(all.rows[2]?.prevHash).toBe(first.hash);
    const mine = await searchEvidence({ organisationId: 1, page: 1 });
    expect(ids(mine.rows)).toEqual(ids([third, second, first]));
  });

  it("finds a learner by part of their name or email in any case, within an organisation", async () => {
    const { tan, first, second, third, other } = await register();
    expect(ids((await searchEvidence({ learner: "RAHMAN", page: 1 })).rows)).toEqual(
      ids([third, first]),
    );
    const byEmail = tan.email.slice(0, 5).toUpperCase();
    expect(ids((await searchEvidence({ learner: byEmail, page: 1 })).rows)).toEqual(
      ids([other, second]),
    );
    expect(
      ids((await searchEvidence({ learner: byEmail, organisationId: 2, page: 1 })).rows),
    ).toEqual(ids([other]));
    expect(await searchEvidence({ learner: "nobody at all", page: 1 })).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });

  it("finds a scenario by part of its id, and records by the days they were made (UTC, both ends kept)", async () => {
    const { first, second, third, other } = await register();
    expect(ids((await searchEvidence({ scenario: "PayNow", page: 1 })).rows)).toEqual(
      ids([other, first]),
    );
    // `%` and `_` are the characters themselves, not wildcards.
    expect((await searchEvidence({ scenario: "%", page: 1 })).total).toBe(0);
    expect(
      ids((await searchEvidence({ from: "2026-03-05", to: "2026-03-06", page: 1 })).rows),
    ).toEqual(ids([third, second]));
    expect(ids((await searchEvidence({ to: "2026-03-05", page: 1 })).rows)).toEqual(
      ids([second, first]),
    );
    expect(ids((await searchEvidence({ from: "2026-03-07", page: 1 })).rows)).toEqual(ids([other]));
  });

  it("pages fifty records at a time", async () => {
    const { id } = await learner("many", "Mei Ling");
    for (let day = 0; day < 55; day += 1) {
      await record(
        3,
        id,
        "paynow-pep-pass-through",
        new Date(Date.UTC(2026, 0, 1, 0, day)).toISOString(),
      );
    }
    const first = await searchEvidence({ organisationId: 3, page: 1 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(first.rows).toHaveLength(50);
    const second = await searchEvidence({ organisationId: 3, page: 2 });
    expect(second.rows.map((row) => row.sequence)).toEqual([5, 4, 3, 2, 1]);
  });

  it("exports the matches as CSV with their hashes, every cell safe for a spreadsheet", async () => {
    const { tan, second, other } = await register();
    const { csv, rows } = await registerCsv(
      { learner: "hyperlink" },
      new Map([[1, "Harbour Bank"]]),
    );
    expect(rows).toBe(2);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trim().split("\n");
    expect(lines[0]).toBe(
      "organisation,organisation_id,sequence,evidence_id,kind,learner_name,learner_email,scenario,created_at,hash,prev_hash,key_id,history",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      [
        "",
        2,
        1,
        other.evidenceId,
        "aml-attempt",
        `"'=HYPERLINK(""http://evil.example"")"`,
        tan.email,
        "paynow-pep-pass-through",
        "2026-03-10T12:00:00.000Z",
        other.hash,
        other.prevHash,
        // The key id is random per run, base64url: one in 64 starts with "-", which a spreadsheet
        // would read as a formula, so that cell gets the apostrophe too.
        other.keyId.startsWith("-") ? `'${other.keyId}` : other.keyId,
        "",
      ].join(","),
    );
    expect(lines[2]).toContain(`Harbour Bank,1,2,${second.evidenceId},`);
    expect(lines[2]).toContain(`,${second.hash},${second.prevHash},`);
  });

  it("keeps a retake's earlier record as history: nothing is removed, the newest is current", async () => {
    const { siti, first, third } = await register();
    // Siti resets her progress and takes the same case again, a year later.
    await resetProgress(siti.id);
    const retake = await record(1, siti.id, "paynow-pep-pass-through", "2027-03-01T09:00:00.000Z");
    const rows = (await searchEvidence({ learner: "siti", page: 1 })).rows;
    expect(rows.map((row) => [row.evidenceId, row.superseded])).toEqual([
      [retake.evidenceId, false],
      [third.evidenceId, false],
      [first.evidenceId, true],
    ]);
    const { csv } = await registerCsv({ learner: "siti" });
    const cells = csv
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",").at(-1));
    expect(cells).toEqual(["", "", "earlier record"]);
    expect((await auditChains([1])).breaks).toEqual([]);
  });

  it("reads its filters from a URL, and ignores what does not parse", () => {
    const query = (search: string) => parseRegisterQuery(new URLSearchParams(search));
    expect(
      query("organisation=4&learner=+siti+&scenario=pay&from=2026-03-01&to=2026-03-31&page=2"),
    ).toEqual({
      organisationId: 4,
      learner: "siti",
      scenario: "pay",
      from: "2026-03-01",
      to: "2026-03-31",
      page: 2,
    });
    expect(query("organisation=x&from=yesterday&to=2026-02-30&page=-1&learner=")).toEqual({
      organisationId: undefined,
      learner: "",
      scenario: "",
      from: undefined,
      to: undefined,
      page: 1,
    });
  });
});
