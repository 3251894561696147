import { describe, expect, it } from "vitest";
import { usesHttps } from "~/platform/lib/env.server";
import { sessionCookieName } from "./auth.server";

describe("the session cookie", () => {
  it("is __Host- prefixed over HTTPS only", () => {
    expect(usesHttps("https://learn.example.com")).toBe(true);
    expect(sessionCookieName(true)).toBe("__Host-kestrel.session");
    expect(usesHttps("http://localhost:3000")).toBe(false);
    expect(sessionCookieName(false)).toBe("kestrel.session");
  });
});
