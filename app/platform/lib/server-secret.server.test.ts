import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { emailFingerprint, fingerprint, resolveServerSecret } from "./server-secret.server";

describe("resolveServerSecret", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-secret-"));
  const file = path.join(dir, "data", "session-secret");
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("uses SESSION_SECRET when it is set", () => {
    expect(resolveServerSecret("s".repeat(40))).toBe("s".repeat(40));
  });

  it("otherwise keeps one random secret in data/session-secret, readable only by its owner", () => {
    const first = resolveServerSecret(undefined, file);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(resolveServerSecret(undefined, file)).toBe(first);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe("emailFingerprint", () => {
  const email = "mei.tan@bank.example";

  it("is stable and ignores case and surrounding spaces", () => {
    expect(emailFingerprint(email)).toMatch(/^[0-9a-f]{32}$/);
    expect(emailFingerprint(` Mei.Tan@Bank.Example `)).toBe(emailFingerprint(email));
    expect(emailFingerprint("wei@bank.example")).not.toBe(emailFingerprint(email));
  });

  it("cannot be recomputed from the email alone: it is keyed with the server secret", () => {
    const unkeyed = createHash("sha256").update(email).digest("hex");
    expect(unkeyed).not.toContain(emailFingerprint(email).slice(0, 16));
    const withEmailPrefix = createHash("sha256").update(`email:${email}`).digest("hex");
    expect(withEmailPrefix).not.toContain(emailFingerprint(email).slice(0, 16));
    expect(fingerprint(email, "a".repeat(32))).not.toBe(fingerprint(email, "b".repeat(32)));
  });
});
