import { type HtmlReuse, KEEP_TAG, VERIFY_TAG } from "./reused-html";

/**
 * `on` keeps and reuses; `verify` also renders kept elements afresh beside the kept HTML and fails
 * the response when the two differ (the browser tests run this way); `off` always renders.
 */
export type HtmlReuseMode = "on" | "verify" | "off";

/** Kept elements across all requests; the least recently used is forgotten first. */
export const MAX_KEPT = 1_000;

const kept = new Map<string, string>();
const scopeIds = new WeakMap<object, number>();
let nextScopeId = 0;

function entryKey(scope: object, key: string): string {
  let id = scopeIds.get(scope);
  if (id === undefined) {
    id = nextScopeId++;
    scopeIds.set(scope, id);
  }
  return `${id}\u0000${key}`;
}

function keep(entry: string, html: string): void {
  kept.delete(entry);
  if (kept.size >= MAX_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(entry, html);
}

/** How many elements are kept, for tests. */
export function keptCount(): number {
  return kept.size;
}

export class ReusedHtmlMismatch extends Error {
  constructor(key: string, kept: string, fresh: string) {
    let at = 0;
    while (at < kept.length && kept[at] === fresh[at]) at++;
    super(
      `Kept HTML for "${key}" differs from a fresh render at character ${at}: ` +
        `kept ${JSON.stringify(kept.slice(at, at + 80))}, fresh ${JSON.stringify(fresh.slice(at, at + 80))}`,
    );
    this.name = "ReusedHtmlMismatch";
  }
}

interface Pending {
  marker: number;
  key: string;
  entry: string;
  /** The kept HTML the fresh render is compared with; undefined when the fresh render is kept. */
  expected?: string;
}

export interface RequestHtmlReuse extends HtmlReuse {
  /**
   * A chunk of the page as it is sent: fresh children to keep are recorded and unwrapped, renders
   * made only to verify are compared and removed. React writes each element's HTML in one flush,
   * so a wrapper and its end are in the same chunk. Throws ReusedHtmlMismatch.
   */
  cut(chunk: Buffer): Buffer;
}

/** The reuse of one request's render, or null when reuse is off. */
export function htmlReuseForRequest(mode: HtmlReuseMode): RequestHtmlReuse | null {
  if (mode === "off") return null;
  const pending: Pending[] = [];
  let markers = 0;
  return {
    plan(scope, key) {
      const entry = entryKey(scope, key);
      const html = kept.get(entry);
      if (html !== undefined) {
        keep(entry, html);
        if (mode === "on") return { html };
      }
      const marker = markers++;
      pending.push({ marker, key, entry, expected: html });
      return { html, marker };
    },
    cut(chunk) {
      for (const item of [...pending]) {
        const tag = item.expected === undefined ? KEEP_TAG : VERIFY_TAG;
        const open = `<${tag} data-n="${item.marker}">`;
        const openAt = chunk.indexOf(open);
        if (openAt === -1) continue;
        pending.splice(pending.indexOf(item), 1);
        const close = `</${tag}>`;
        const closeAt = chunk.indexOf(close, openAt + open.length);
        if (closeAt === -1) {
          // Not expected from React; nothing is kept, and the stray end tag is ignored by browsers.
          chunk = Buffer.concat([chunk.subarray(0, openAt), chunk.subarray(openAt + open.length)]);
          continue;
        }
        const fresh = chunk.toString("utf8", openAt + open.length, closeAt);
        const after = chunk.subarray(closeAt + close.length);
        if (item.expected === undefined) {
          keep(item.entry, fresh);
          const inner = chunk.subarray(openAt + open.length, closeAt);
          chunk = Buffer.concat([chunk.subarray(0, openAt), inner, after]);
        } else {
          if (fresh !== item.expected) throw new ReusedHtmlMismatch(item.key, item.expected, fresh);
          chunk = Buffer.concat([chunk.subarray(0, openAt), after]);
        }
      }
      return chunk;
    },
  };
}
