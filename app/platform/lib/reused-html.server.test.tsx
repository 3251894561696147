import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { HtmlReuseProvider, ReusedHtml } from "./reused-html";
import {
  type HtmlReuseMode,
  MAX_KEPT,
  ReusedHtmlMismatch,
  htmlReuseForRequest,
  keptCount,
} from "./reused-html.server";

const rendered = vi.fn();
beforeEach(() => rendered.mockClear());

function Greeting({ name, onRender }: { name: string; onRender: () => void }) {
  onRender();
  return (
    <p>
      Hello {name} <a href="/terms">ข้อกำหนด</a>
    </p>
  );
}

/** One request's page as sent: rendered, then passed through the request's reuse. */
function page(
  mode: HtmlReuseMode,
  scope: object,
  key: string,
  name: string,
  reusable = true,
): string {
  const reuse = htmlReuseForRequest(mode);
  const html = renderToString(
    <HtmlReuseProvider value={reuse}>
      <main>
        <ReusedHtml as="footer" className="site" reuse={reusable ? { scope, key } : null}>
          <Greeting name={name} onRender={rendered} />
        </ReusedHtml>
        <p>after</p>
      </main>
    </HtmlReuseProvider>,
  );
  return reuse ? reuse.cut(Buffer.from(html)).toString() : html;
}

const plain = (name: string) => page("off", {}, "", name);

describe("reused HTML", () => {
  it("sends the same document whether the element's HTML is rendered, kept or reused", () => {
    const scope = {};
    const first = page("on", scope, "k", "Ada");
    expect(first).toBe(plain("Ada"));
    expect(first).not.toContain("kestrel-");
    expect(rendered).toHaveBeenCalledTimes(2);
    const second = page("on", scope, "k", "Ada");
    expect(second).toBe(first);
    expect(rendered).toHaveBeenCalledTimes(2); // the kept HTML was sent; the children did not render
  });

  it("keeps HTML apart by key and by scope", () => {
    const scope = {};
    page("on", scope, "ada", "Ada");
    expect(page("on", scope, "grace", "Grace")).toBe(plain("Grace"));
    expect(page("on", {}, "ada", "Linus")).toBe(plain("Linus"));
    expect(page("on", scope, "ada", "ignored")).toBe(plain("Ada"));
  });

  it("renders every time when reuse is off or the element asks for none", () => {
    const scope = {};
    page("off", scope, "k", "Ada");
    page("off", scope, "k", "Ada");
    page("on", scope, "none", "Ada", false);
    page("on", scope, "none", "Ada", false);
    expect(rendered).toHaveBeenCalledTimes(4);
    expect(htmlReuseForRequest("off")).toBeNull();
  });

  it("verifies kept HTML against a fresh render and fails a request whose key missed a difference", () => {
    const scope = {};
    const kept = page("verify", scope, "k", "Ada");
    expect(page("verify", scope, "k", "Ada")).toBe(kept);
    expect(() => page("verify", scope, "k", "Grace")).toThrow(ReusedHtmlMismatch);
    expect(() => page("verify", scope, "k", "Grace")).toThrow(/"k" differs .*Ada.*Grace/);
  });

  it("forgets the least recently used element first", () => {
    const scope = {};
    page("on", scope, "old", "Old");
    page("on", scope, "used", "Used");
    for (let i = 0; i < MAX_KEPT - 1; i++) {
      if (i === MAX_KEPT / 2) page("on", scope, "used", "ignored"); // a reuse makes it recent
      const reuse = htmlReuseForRequest("on");
      const { marker } = reuse?.plan(scope, `filler ${i}`) ?? {};
      reuse?.cut(Buffer.from(`<kestrel-keep data-n="${marker}">${i}</kestrel-keep>`));
    }
    expect(keptCount()).toBe(MAX_KEPT);
    expect(page("on", scope, "used", "ignored")).toBe(plain("Used"));
    expect(page("on", scope, "old", "New")).toBe(plain("New"));
  });

  it("keeps nothing when an element's end is not in the chunk, and removes its marker", () => {
    const scope = {};
    const reuse = htmlReuseForRequest("on");
    const { marker } = reuse?.plan(scope, "split") ?? {};
    const sent = reuse?.cut(Buffer.from(`<footer><kestrel-keep data-n="${marker}"><p>half`));
    expect(sent?.toString()).toBe("<footer><p>half");
    expect(htmlReuseForRequest("on")?.plan(scope, "split").html).toBeUndefined();
  });
});
