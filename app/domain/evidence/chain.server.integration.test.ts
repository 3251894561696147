import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { listPublicKeys } from "~/platform/lib/signing.server";
import {
  appendEvidence,
  auditChains,
  findEvidence,
  kitOf,
  purgeExpiredEvidence,
} from "./chain.server";
import { GENESIS_HASH, checkKit } from "./record.server";

// The evidence chain on a real database (SQLite here, PostgreSQL in CI's second pass): concurrent
// writers, the triggers that refuse changes, the retention purge, and the audit naming a break.

const append = (organisationId: number, n: number, timestamp = new Date().toISOString()) =>
  appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `attempt:${n}`,
    userId: "u1",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp,
      content: { n },
    },
  });

async function sequences(organisationId: number) {
  const rows = await getDb()
    .selectFrom("evidence_record")
    .select(["sequence", "hash", "prev_hash"])
    .where("organisation_id", "=", organisationId)
    .orderBy("sequence")
    .execute();
  return rows;
}

describe("the evidence chain", () => {
  it("links each record to the one before, from the genesis hash, and the kit verifies", async () => {
    const first = await append(1, 1);
    const second = await append(1, 2);
    expect(first).toMatchObject({ sequence: 1, prevHash: GENESIS_HASH });
    expect(second).toMatchObject({ sequence: 2, prevHash: first.hash });
    const found = await findEvidence(second.evidenceId);
    expect(found?.hash).toBe(second.hash);
    expect(checkKit(kitOf(second), await listPublicKeys())).toMatchObject({ status: "verified" });
    expect(await auditChains()).toEqual({ records: 2, chains: 1, breaks: [] });
  });

  it("never forks or leaves a gap under concurrent writers, each organisation its own chain", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, n) => append(n % 2 === 0 ? 10 : 11, n)));
    for (const organisation of [10, 11]) {
      const rows = await sequences(organisation);
      expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      rows.forEach((row, index) => {
        expect(row.prev_hash).toBe(index === 0 ? GENESIS_HASH : rows[index - 1]?.hash);
      });
    }
    expect((await auditChains()).breaks).toEqual([]);
  });

  it("refuses UPDATE and DELETE in the database itself", async () => {
    const record = await append(2, 1);
    await expect(
      getDb()
        .updateTable("evidence_record")
        .set({ subject: "changed" })
        .where("id", "=", record.id)
        .execute(),
    ).rejects.toThrow(/evidence records cannot be/);
    await expect(
      getDb().deleteFrom("evidence_record").where("id", "=", record.id).execute(),
    ).rejects.toThrow(/evidence records cannot be/);
    expect((await findEvidence(record.evidenceId))?.subject).toBe("attempt:1");
  });

  it("names the first broken record: a changed envelope, then a missing one", async () => {
    for (let n = 1; n <= 5; n += 1) await append(3, n);
    const db = getDb();
    // Only a purge may delete; here the test plays an intruder with database access.
    await db.insertInto("evidence_purge_permit").values({ id: 1, reason: "test" }).execute();
    const third = await db
      .selectFrom("evidence_record")
      .selectAll()
      .where("organisation_id", "=", 3)
      .where("sequence", "=", 3)
      .executeTakeFirstOrThrow();
    await db.deleteFrom("evidence_record").where("id", "=", third.id).execute();
    await db
      .insertInto("evidence_record")
      .values({ ...third, id: undefined, envelope: third.envelope.replace('"n":3', '"n":33') })
      .execute();
    const changed = await auditChains([3]);
    expect(changed.breaks).toEqual([
      expect.objectContaining({
        organisationId: 3,
        sequence: 3,
        problem: "hash",
        found: third.hash,
      }),
    ]);
    await db
      .deleteFrom("evidence_record")
      .where("organisation_id", "=", 3)
      .where("sequence", "=", 3)
      .execute();
    await db.deleteFrom("evidence_purge_permit").execute();
    const missing = await auditChains([3]);
    expect(missing.breaks).toEqual([
      expect.objectContaining({ sequence: 4, problem: "sequence", expected: "3", found: "4" }),
    ]);
  });

  it("purges records past retention with a signed purge record, and the chain still verifies", async () => {
    const old = new Date("2019-01-01T00:00:00.000Z").toISOString();
    for (let n = 1; n <= 3; n += 1) await append(4, n, old);
    for (let n = 4; n <= 5; n += 1) await append(4, n);
    await append(5, 1);
    const result = await purgeExpiredEvidence({ now: new Date(), retentionYears: 5 });
    expect(result).toEqual({ chains: 1, purged: 3 });
    const rows = await sequences(4);
    expect(rows.map((row) => row.sequence)).toEqual([4, 5, 6]);
    const purge = await getDb()
      .selectFrom("evidence_record")
      .select(["kind", "evidence_id"])
      .where("organisation_id", "=", 4)
      .where("sequence", "=", 6)
      .executeTakeFirstOrThrow();
    expect(purge.kind).toBe("purge");
    const purgeRecord = await findEvidence(purge.evidence_id);
    expect(purgeRecord?.envelope.payload.content).toMatchObject({
      purgedCount: 3,
      lastPurgedSequence: 3,
    });
    if (!purgeRecord) throw new Error("the purge record is missing");
    expect(checkKit(kitOf(purgeRecord), await listPublicKeys()).status).toBe("verified");
    expect(await auditChains()).toMatchObject({ chains: 2, breaks: [] });
    // Nothing left to purge: a second pass changes nothing.
    expect(await purgeExpiredEvidence({ now: new Date(), retentionYears: 5 })).toEqual({
      chains: 0,
      purged: 0,
    });
  });
});
