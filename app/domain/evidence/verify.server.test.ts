import { describe, expect, test } from "vitest";
import { type EvidenceKit, GENESIS_HASH, KIT_FORMAT } from "./record.server";
import { firstDifference } from "./verify.server";

const kit: EvidenceKit = {
  format: KIT_FORMAT,
  evidenceId: "EV-0123-4567-89AB-CDEF",
  hash: "0123456789abcdef".repeat(4),
  envelope: {
    version: 1,
    organisation: 1,
    sequence: 1,
    prevHash: GENESIS_HASH,
    kind: "aml-attempt",
    payload: {
      jurisdiction: "vi",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T00:00:00.000Z",
      content: { learner: "Nguyễn Văn An", answers: ["a", "b"] },
    },
  },
  signature: { keyId: "k", signature: "s", algorithm: "Ed25519" },
  chain: { organisation: 1, sequence: 1, prevHash: GENESIS_HASH },
};

describe("firstDifference", () => {
  test("names the first differing JSON path, in key order, with both values", () => {
    const changed = structuredClone(kit);
    changed.envelope.payload.content.answers = ["a", "c"];
    changed.envelope.sequence = 2;
    expect(firstDifference(kit.envelope, changed.envelope)).toEqual({
      field: "payload.content.answers[1]",
      expected: "b",
      found: "c",
    });
    expect(firstDifference({ a: 1 }, { a: 1, b: { c: true } })).toEqual({
      field: "b",
      expected: "(nothing)",
      found: '{"c":true}',
    });
    expect(firstDifference(kit, structuredClone(kit))).toBeNull();
  });
});
