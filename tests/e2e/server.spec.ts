import { expect, test } from "./fixtures";

test.describe("HTTP server", () => {
  test("HTML responses carry the security headers with a fresh nonce each time", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/kestrel");
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.push(nonce ?? "");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Served over plain HTTP here, so no HSTS.
      expect(headers["strict-transport-security"]).toBeUndefined();
      expect(headers["x-powered-by"]).toBeUndefined();
      // Every inline script carries the nonce of its own response.
      const html = await response.text();
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  test("the page runs under its CSP without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/kestrel");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(violations).toEqual([]);
  });

  test("HTML is compressed and hashed assets are cached for a year", async ({ request }) => {
    const page = await request.get("/kestrel", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["content-encoding"]).toBe("gzip");
    const html = await page.text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a request id is echoed, or made when missing or malformed", async ({ request }) => {
    const given = await request.get("/healthz", { headers: { "X-Request-Id": "abc-123" } });
    expect(given.headers()["x-request-id"]).toBe("abc-123");
    const hostile = await request.get("/healthz", {
      headers: { "X-Request-Id": "<script>alert(1)</script>" },
    });
    expect(hostile.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("/healthz says alive and /readyz says the database is reachable", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("a state-changing request from a foreign origin is refused", async ({ request }) => {
    const response = await request.post("/theme", {
      headers: { Origin: "https://evil.example" },
      form: { theme: "light" },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.message).toBe("Access to this resource is forbidden.");
  });
});
