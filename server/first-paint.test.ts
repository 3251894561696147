import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { BOOT_ID, BOOT_LOADER, BOOT_TYPE, deferHydration, inlineStylesheets } from "./first-paint";

// The head and the end of a page as React Router renders it.
const page = [
  "<!DOCTYPE html><html><head>",
  '<link nonce="" rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n"/>',
  '<link rel="modulepreload" href="/assets/framework-3.js" nonce="n"/>',
  "</head><body><main><h1>Kestrel</h1></main>",
  '<script nonce="n">window.__reactRouterContext = {};</script>',
  '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-4.js";</script>',
  "</body></html>",
].join("");

describe("inlineStylesheets", () => {
  it("puts the stylesheet's text in the page and keeps the link for print only", () => {
    const html = inlineStylesheets(page, () => "h1{color:red}", "abc");
    expect(html).toContain('<style nonce="abc">h1{color:red}</style>');
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/app-1.css" data-precedence="default" media="print" data-inlined=""/>',
    );
    expect(html).not.toContain('<link nonce="" rel="stylesheet"');
  });

  it("cannot be closed early by the stylesheet's text", () => {
    const html = inlineStylesheets(page, () => 'a::after{content:"</style><script>"}', "abc");
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it("reads only the stylesheets the page names", () => {
    const read: string[] = [];
    inlineStylesheets(page, (href) => (read.push(href), ""), "abc");
    expect(read).toEqual(["/assets/app-1.css"]);
  });
});

describe("deferHydration", () => {
  const html = deferHydration(page);

  it("keeps the scripts from loading while the page is parsed", () => {
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script nonce="n" type="${BOOT_TYPE}" id="${BOOT_ID}" data-preloads="/assets/entry.client-2.js /assets/framework-3.js">`,
    );
    expect(html).toContain(`<script>${BOOT_LOADER}</script></body>`);
    // The router's data still arrives with the page.
    expect(html).toContain("window.__reactRouterContext = {};");
  });

  it("leaves a page without a boot module as it is", () => {
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
  });

  it("after the first frame, preloads the modules, turns the stylesheet on and runs the boot module", () => {
    const appended: Record<string, string>[] = [];
    const boot = {
      dataset: { preloads: "/assets/entry.client-2.js /assets/framework-3.js" },
      nonce: "n",
      textContent: 'import "/assets/root-4.js";',
    };
    const sheet = { media: "print" };
    const frames: (() => void)[] = [];
    const document = {
      visibilityState: "visible",
      getElementById: (id: string) => (id === BOOT_ID ? boot : null),
      querySelectorAll: (selector: string) => (selector === "link[data-inlined]" ? [sheet] : []),
      createElement: () => ({}),
      head: { append: (element: Record<string, string>) => appended.push(element) },
    };
    runInNewContext(BOOT_LOADER, {
      document,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => callback(),
    });
    expect(appended).toEqual([]);
    frames.forEach((frame) => frame());
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-2.js" },
      { rel: "modulepreload", href: "/assets/framework-3.js" },
      { type: "module", nonce: "n", textContent: 'import "/assets/root-4.js";' },
    ]);
    expect(sheet.media).toBe("all");
  });
});
