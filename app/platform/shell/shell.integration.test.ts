import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../../../tests/integration/app-server";
import { signInForTest } from "../../../tests/integration/auth";

// The header's and footer's HTML is kept and reused between renders (docs/decisions/030). With
// HTML_REUSE=verify every reuse is also rendered afresh and compared, and a difference ends the
// response early: so a complete page below is one whose kept HTML matched a fresh render.

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({ HTML_REUSE: "verify" });
});
afterAll(async () => {
  await app.close();
});

/** A page as a visitor's browser gets it, its per-request nonce left out. */
async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${app.origin}${path}`, { headers });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""');
  expect(html).toMatch(/<\/html>$/);
  expect(html).not.toContain("kestrel-keep");
  expect(html).not.toContain("kestrel-verify");
  return html;
}

function header(html: string): string {
  return /<header[^>]*>.*<\/header>/s.exec(html)?.[0] ?? "";
}

describe("the shell's kept HTML", () => {
  it("sends the same page on a second visit as on the first", async () => {
    const first = await page("/e2e");
    expect(await page("/e2e")).toBe(first);
    expect(header(first)).toContain('href="/partners"');
  });

  it("shows each visitor their own account, never another's", async () => {
    const ada = await signInForTest("ada");
    const grace = await signInForTest("grace");
    for (let round = 0; round < 2; round++) {
      const asAda = header(await page("/e2e", { Cookie: ada.cookie }));
      const asGrace = header(await page("/e2e", { Cookie: grace.cookie }));
      const anonymous = header(await page("/e2e"));
      expect(asAda).toContain(ada.email);
      expect(asAda).not.toContain(grace.email);
      expect(asGrace).toContain(grace.email);
      expect(asGrace).not.toContain(ada.email);
      expect(anonymous).not.toContain("@bank.example");
    }
  });

  it("marks the page the visitor is on, with the address the forms return to", async () => {
    const partners = header(await page("/partners"));
    const withQuery = header(await page("/e2e?from=mail"));
    expect(partners).toMatch(/aria-current="page"[^>]*href="\/partners"/);
    expect(partners).toContain('name="redirectTo" value="/partners"');
    expect(withQuery).not.toContain('aria-current="page"');
    expect(withQuery).toContain('name="redirectTo" value="/e2e?from=mail"');
  });

  it("follows the visitor's language", async () => {
    const french = header(await page("/e2e", { "Accept-Language": "fr-CA" }));
    const english = header(await page("/e2e", { "Accept-Language": "en-CA" }));
    expect(french).toContain('lang="fr-CA"');
    expect(french).not.toBe(english);
    expect(header(await page("/e2e", { "Accept-Language": "fr-CA" }))).toBe(french);
  });
});
