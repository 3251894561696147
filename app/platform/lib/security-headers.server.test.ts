import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  isSameOriginRequest,
  securityHeaders,
} from "./security-headers.server";

describe("security headers", () => {
  it("allow scripts only from us or with the nonce, never inline", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("let through only the tab widget's two fixed style attributes, by hash", async () => {
    const csp = contentSecurityPolicy({ nonce: "abc", https: false });
    const styleSources = /style-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    const { createHash } = await import("node:crypto");
    const hash = (value: string) =>
      `'sha256-${createHash("sha256").update(value).digest("base64")}'`;
    expect(styleSources).toEqual([
      "'self'",
      "'nonce-abc'",
      "'unsafe-hashes'",
      hash("outline:none"),
      hash("animation-duration:0s"),
    ]);
  });

  it("add HSTS and upgrade requests only over https", () => {
    expect(
      securityHeaders({ nonce: "n", https: false })["Strict-Transport-Security"],
    ).toBeUndefined();
    const secure = securityHeaders({ nonce: "n", https: true });
    expect(secure["Strict-Transport-Security"]).toMatch(/^max-age=\d{8}/);
    expect(secure["Content-Security-Policy"]).toContain("upgrade-insecure-requests");
    expect(secure["X-Content-Type-Options"]).toBe("nosniff");
    expect(secure["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("let the development server's WebSocket through only in development", () => {
    expect(contentSecurityPolicy({ nonce: "n", https: false, development: true })).toContain("ws:");
    expect(contentSecurityPolicy({ nonce: "n", https: false })).not.toContain("ws:");
  });
});

describe("isSameOriginRequest", () => {
  it.each([
    [undefined, true],
    ["https://learn.example.com", true],
    ["HTTPS://LEARN.EXAMPLE.COM", true],
    ["http://127.0.0.1:3000", false],
    ["https://learn.example.com.evil.example", false],
    ["http://learn.example.com", false],
    ["null", false],
  ])("%s → %s", (origin, expected) => {
    expect(isSameOriginRequest(origin, "https://learn.example.com")).toBe(expected);
  });
});
