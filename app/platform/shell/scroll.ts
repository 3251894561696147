// SPEC §2: route changes scroll to the top or to the anchor; PDF viewer hashes are left alone.
import { href } from "react-router";

const IGNORED_HASH = /page=|toolbar=|navpanes=/;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const FIRST_VISIT_KEY = "kestrel:first-visit";

export type ScrollAction =
  | { kind: "none" }
  | { kind: "restore"; y: number }
  | { kind: "anchor"; id: string }
  | { kind: "top"; smooth: boolean };

export interface ScrollInput {
  hash: string;
  /** "POP" for back/forward, otherwise a new entry. */
  navigationType: "POP" | "PUSH" | "REPLACE";
  /** Where the page was when the user left this history entry, if known. */
  savedY?: number;
}

export function isIgnoredHash(hash: string): boolean {
  return IGNORED_HASH.test(hash);
}

export function decideScroll({ hash, navigationType, savedY }: ScrollInput): ScrollAction {
  if (isIgnoredHash(hash)) return { kind: "none" };
  if (navigationType === "POP" && savedY !== undefined) return { kind: "restore", y: savedY };
  const id = hash.replace(/^#/, "");
  if (id) {
    try {
      return { kind: "anchor", id: decodeURIComponent(id) };
    } catch {
      return { kind: "anchor", id };
    }
  }
  return { kind: "top", smooth: false };
}

/**
 * The document's first render. SPEC §2: the first visit without a hash stores a flag and scrolls
 * smoothly to the top. Otherwise the browser has already placed the page (at the top, at the
 * anchor, or where a reload left it) and the reader may have scrolled before the scripts ran:
 * only an anchor is found again (its target may render late), nothing else moves.
 */
export function decideFirstRender(hash: string, flagStored: boolean): ScrollAction {
  if (!hash && !flagStored) return { kind: "top", smooth: true };
  return hash ? decideScroll({ hash, navigationType: "PUSH" }) : { kind: "none" };
}

/** SPEC §2: the Back button shows on course and training paths. */
export function showsBackButton(pathname: string): boolean {
  return pathname.includes("/courses/") || pathname.includes("/training/");
}

/** Pages whose Back goes to a fixed place rather than back in history (SPEC §2 ESG course). */
export function fixedBackTarget(pathname: string): string | null {
  return pathname.startsWith("/training/track/esg-track") ? href("/courses/esg-ai-ethics") : null;
}
