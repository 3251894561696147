import { type ComponentProps, type ReactNode, createContext, createElement, use } from "react";

/**
 * Server rendering keeps the inner HTML of an element that every page repeats (the header, the
 * footer) per key, and reuses it instead of rendering its children again (docs/decisions/030). The
 * server provides a `HtmlReuse` for each request; the browser has none and always renders.
 */
export interface HtmlReuse {
  /**
   * What to render for one element: the HTML kept for `key` within `scope`, or a marker number to
   * wrap fresh children in so that the request keeps their HTML. Both, when the server verifies
   * kept HTML: the fresh children are rendered beside it only to be compared.
   */
  plan(scope: object, key: string): { html?: string; marker?: number };
}

const HtmlReuseContext = createContext<HtmlReuse | null>(null);

export const HtmlReuseProvider = HtmlReuseContext.Provider;

/** The wrapper around fresh children whose HTML a request keeps; never sent (app/platform/lib/reused-html.server.ts). */
export const KEEP_TAG = "kestrel-keep";
/** The wrapper around fresh children rendered only to be compared with kept HTML; never sent. */
export const VERIFY_TAG = "kestrel-verify";

type ReusableTag = "header" | "footer" | "fieldset" | "nav";

/**
 * An element whose children are rendered once per `reuse` key and then sent as kept HTML. The key
 * must name everything the children's HTML depends on; `scope` is the translations they read, so
 * texts that change make a new entry. The children must not render useId values, nonces or
 * anything else that differs between two renders with the same key. With `reuse` null (or in the
 * browser) it is a plain element.
 */
export function ReusedHtml<Tag extends ReusableTag>({
  as,
  reuse,
  children,
  ...attributes
}: {
  as: Tag;
  reuse: { scope: object; key: string } | null;
  children: ReactNode;
} & Omit<ComponentProps<Tag>, "children" | "dangerouslySetInnerHTML">) {
  const htmlReuse = use(HtmlReuseContext);
  const plan = htmlReuse && reuse ? htmlReuse.plan(reuse.scope, reuse.key) : {};
  if (plan.html === undefined) {
    const inner =
      plan.marker === undefined
        ? children
        : createElement(KEEP_TAG, { "data-n": plan.marker }, children);
    return createElement(as, attributes, inner);
  }
  const kept = createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: plan.html } });
  if (plan.marker === undefined) return kept;
  return (
    <>
      {kept}
      {createElement(VERIFY_TAG, { "data-n": plan.marker }, children)}
    </>
  );
}
