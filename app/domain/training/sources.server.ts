import sources from "../../../content/sources.json";
import { citationsIn } from "./citations";
import type { SourceNote } from "./types";

// The sources a text cites (docs/decisions/041): each tag of content/sources.json resolved to its
// address and a label, numbered in order of first mention.

const known = sources as Record<string, { url: string; title?: string; secondary?: boolean }>;

function label(source: { url: string; title?: string }): string {
  if (source.title) return source.title;
  const url = new URL(source.url);
  return `${url.hostname.replace(/^www\./, "")}${url.pathname === "/" ? "" : url.pathname}`;
}

/** The notes for every tag in `texts`, in order of first mention; an unknown tag is left out. */
export function sourceNotes(texts: readonly string[]): SourceNote[] {
  const ids = [...new Set(texts.flatMap(citationsIn))];
  return ids.flatMap((id) => {
    const source = known[id];
    return source
      ? [{ id, url: source.url, label: label(source), secondary: source.secondary === true }]
      : [];
  });
}
