import { describe, expect, it } from "vitest";
import { appendEvidence, auditChains } from "./chain.server";
import { openRecord } from "./opened.server";
import { erasePersonalData } from "./personal.server";

// A learner's personal fields, sealed in their signed records and erased on a privacy request,
// on a real database (both engines).

const record = (userId: string, name: string) =>
  appendEvidence({
    organisationId: 31,
    kind: "certificate-issued",
    subject: `certificate:${name}`,
    userId,
    payload: {
      jurisdiction: null,
      mode: "certificate",
      packVersion: null,
      timestamp: "2026-11-23T10:00:00.000Z",
      content: { certificate: { title: "AML refresher", holder: { name } } },
    },
  });

describe("personal fields of evidence", () => {
  it("are signed sealed, opened for their learner only, and erased for good", async () => {
    const mine = await record("learner-a", "Chen Mei Ling");
    const theirs = await record("learner-b", "Arun Kumar");
    expect(JSON.stringify(mine.envelope)).not.toContain("Chen Mei Ling");
    expect((await openRecord(mine)).view.envelope.payload.content).toEqual({
      certificate: { title: "AML refresher", holder: { name: "Chen Mei Ling" } },
    });

    const erasedAt = await erasePersonalData("learner-a", new Date("2026-12-01T00:00:00.000Z"));
    // Asked again, the first erasure stands.
    expect(await erasePersonalData("learner-a", new Date("2027-01-01T00:00:00.000Z"))).toBe(
      erasedAt,
    );
    const after = await openRecord(mine);
    expect(after.erasedAt).toBe("2026-12-01T00:00:00.000Z");
    expect(after.view.envelope.payload.content).toEqual({
      certificate: { title: "AML refresher", holder: { erased: true } },
    });
    expect(after.kit.unseal).toBeUndefined();
    // Another learner's records are untouched; a new record of the erased one holds no name at all.
    expect((await openRecord(theirs)).view.envelope.payload.content).toMatchObject({
      certificate: { holder: { name: "Arun Kumar" } },
    });
    const later = await record("learner-a", "Chen Mei Ling");
    expect(later.envelope.payload.content).toEqual({
      certificate: { title: "AML refresher", holder: { erased: true } },
    });
    expect((await auditChains([31])).breaks).toEqual([]);
  });
});
