import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import {
  currentSigningKey,
  listPublicKeys,
  signJson,
  signingKeyFromPem,
  verifyJson,
} from "./signing.server";

const freshKey = () =>
  signingKeyFromPem(
    generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  );

const certificate = { holder: "สมชาย ใจดี", title: "Consumer Scam Awareness", score: 100 };

describe("signatures across a key rotation", () => {
  it("round-trip with the current key and catch any change to the signed JSON", async () => {
    const proof = await signJson(certificate);
    expect(proof.keyId).toBe(currentSigningKey().keyId);
    // Property order does not matter (RFC 8785); values do.
    expect(
      await verifyJson({ score: 100, title: certificate.title, holder: certificate.holder }, proof),
    ).toBe("valid");
    expect(await verifyJson({ ...certificate, score: 99 }, proof)).toBe("invalid");
    // Flip one bit of R: the last bytes of an Ed25519 signature are often zero already, so
    // overwriting them is not always a change.
    const tampered = Buffer.from(proof.signature, "base64url");
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(
      await verifyJson(certificate, { ...proof, signature: tampered.toString("base64url") }),
    ).toBe("invalid");
    expect(await verifyJson(certificate, { ...proof, signature: "not base64url!" })).toBe(
      "invalid",
    );
  });

  it("verify what a retired key signed, from the public key kept when it signed", async () => {
    const retired = freshKey();
    const proof = await signJson(certificate, retired);
    expect(proof.keyId).not.toBe(currentSigningKey().keyId);
    expect(await verifyJson(certificate, proof)).toBe("valid");
    expect(await verifyJson({ ...certificate, title: "Other" }, proof)).toBe("invalid");
    const keys = await listPublicKeys();
    expect(keys.map((key) => key.kid)).toEqual(
      expect.arrayContaining([currentSigningKey().keyId, retired.keyId]),
    );
    expect(keys[0]?.kid).toBe(currentSigningKey().keyId);
    expect(JSON.stringify(keys)).not.toMatch(/"d"/);
  });

  it("know nothing of a key that never signed here, nor of a stored key whose id is not its thumbprint", async () => {
    const stranger = freshKey();
    expect(await verifyJson(certificate, { keyId: stranger.keyId, signature: "AAAA" })).toBe(
      "unknown-key",
    );
    const forged = freshKey();
    await getDb()
      .insertInto("signing_key")
      .values({
        key_id: "forged-key-id",
        public_jwk: JSON.stringify(forged.publicJwk),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await verifyJson(certificate, { keyId: "forged-key-id", signature: "AAAA" })).toBe(
      "unknown-key",
    );
  });
});
