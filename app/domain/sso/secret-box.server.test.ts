import { describe, expect, it } from "vitest";
import { openSecret, sealSecret, ssoKeyFrom } from "./secret-box.server";

// A client secret at rest: readable only with the key it was sealed under, for the organisation
// it was sealed for, and not at all once a byte of it changes.

const key = ssoKeyFrom("a configured SSO_ENCRYPTION_KEY of 32+ characters");
const secret = "the provider's client secret";

describe("the sealed client secret", () => {
  it("opens with its key and organisation, and never shows the secret", () => {
    const sealed = sealSecret(secret, 7, key);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(sealed).not.toContain("client");
    expect(openSecret(sealed, 7, key)).toBe(secret);
    // A fresh nonce each time: the same secret does not seal the same twice.
    expect(sealSecret(secret, 7, key)).not.toBe(sealed);
  });

  it("does not open under another key, for another organisation, or altered", () => {
    const sealed = sealSecret(secret, 7, key);
    expect(openSecret(sealed, 7, ssoKeyFrom("another key of at least 32 characters!!"))).toBeNull();
    expect(openSecret(sealed, 8, key)).toBeNull();
    const [version, iv, body = ""] = sealed.split(".");
    const flipped = `${body.slice(0, 3)}${body[3] === "A" ? "B" : "A"}${body.slice(4)}`;
    expect(openSecret(`${version}.${iv}.${flipped}`, 7, key)).toBeNull();
    for (const hostile of ["", "v1", "v1..", "v2.a.b", `v1.${iv}.AAAA`, "v1.%%%.###"]) {
      expect(openSecret(hostile, 7, key)).toBeNull();
    }
  });
});
