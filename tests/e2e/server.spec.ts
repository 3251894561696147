import { expect, test, watchCspViolations } from "./fixtures";

test.describe("HTTP server", () => {
  test("HTML rendered per request carries the security headers with a fresh nonce each time", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/e2e");
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

  test("public pages come from memory, precompressed, with their inline scripts allowed by hash", async ({
    request,
  }) => {
    const first = await request.get("/partners", { headers: { "Accept-Encoding": "br" } });
    const second = await request.get("/partners", { headers: { "Accept-Encoding": "br" } });
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(second.headers()["content-encoding"]).toBe("br");
    expect(second.headers().etag).toBe(first.headers().etag);
    const csp = second.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/script-src[^;]*(nonce|unsafe-inline)/);
    expect(csp).toContain("object-src 'none'");
    expect(second.headers().vary).toMatch(/Accept-Language/);
    const html = await second.text();
    const hashes = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const { createHash } = await import("node:crypto");
    for (const [, body] of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(hashes).toContain(
        createHash("sha256")
          .update(body ?? "")
          .digest("base64"),
      );
    }
    const revalidated = await request.get("/partners", {
      headers: { "If-None-Match": second.headers().etag ?? "" },
    });
    expect(revalidated.status()).toBe(304);
  });

  test("each language gets its own cached page; a session cookie bypasses the cache", async ({
    request,
  }) => {
    const thai = await request.get("/privacy", { headers: { "Accept-Language": "th-TH" } });
    const malay = await request.get("/privacy", { headers: { "Accept-Language": "ms" } });
    expect(await thai.text()).toMatch(/<html[^>]* lang="th-TH"/);
    expect(await malay.text()).toMatch(/<html[^>]* lang="ms-MY"/);
    const signedIn = await request.get("/privacy", { headers: { Cookie: "kestrel.session=abc" } });
    expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
    expect(signedIn.headers()["content-security-policy"]).toMatch(/'nonce-/);
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
    const response = await request.get(asset ?? "", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Sent as the build compressed it, without the headers only a document needs.
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(await response.text()).toMatch(/import|export/);
    const plain = await request.get(asset ?? "", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
  });

  test("a public page paints styled with no stylesheet request and hydrates after its first frame", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    // The stylesheet file answers empty: every style on screen comes from the page itself.
    await page.route("**/assets/*.css", (route) =>
      route.fulfill({ contentType: "text/css", body: "" }),
    );
    await page.goto("/partners");
    await expect(page.locator("h1")).toHaveCSS("font-weight", "800");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    // The kept stylesheet is switched on for later pages, and the client behaviour is live.
    await expect(page.locator("link[data-inlined]")).toHaveAttribute("media", "all");
    await page.getByRole("link", { name: "Contact" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
    // The contact page brought its English texts with it on a client navigation.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    expect(violations).toEqual([]);
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

test("the fixture's CSP watch reports a blocked inline script", async ({ browser }) => {
  // A page of its own: the fixture's page would fail this test for the violation it provokes.
  const page = await browser.newPage();
  const violations = await watchCspViolations(page);
  await page.goto("/e2e");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "document.title = 'ran';";
    document.body.append(script);
  });
  await expect
    .poll(() => violations)
    .toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
  expect(await page.title()).not.toBe("ran");
  await page.close();
});
