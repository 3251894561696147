import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { usesHttps } from "~/lib/env.server";
import { resolveAuthSecret, sessionCookieName } from "./auth.server";

describe("resolveAuthSecret", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-secret-"));
  const file = path.join(dir, "data", "session-secret");
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("uses SESSION_SECRET when it is set", () => {
    expect(resolveAuthSecret("s".repeat(40))).toBe("s".repeat(40));
  });

  it("otherwise keeps one random secret in data/session-secret, readable only by its owner", () => {
    const first = resolveAuthSecret(undefined, file);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(resolveAuthSecret(undefined, file)).toBe(first);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe("the session cookie", () => {
  it("is __Host- prefixed over HTTPS only", () => {
    expect(usesHttps("https://learn.example.com")).toBe(true);
    expect(sessionCookieName(true)).toBe("__Host-kestrel.session");
    expect(usesHttps("http://localhost:3000")).toBe(false);
    expect(sessionCookieName(false)).toBe("kestrel.session");
  });
});
