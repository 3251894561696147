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

const ID_LIST = /^\s*[A-Z]+\d+(?:\s*[,;]\s*[A-Z]+\d+)*\s*$/;

/**
 * A table cell that only lists sources ("S1, NB14") as the tags the page renders as notes
 * ("[S1] [NB14]"); any other cell as it is.
 */
export function citedCell(cell: string): string {
  if (!ID_LIST.test(cell)) return cell;
  const ids = cell.match(/[A-Z]+\d+/g) ?? [];
  return ids.every((id) => id in known) ? ids.map((id) => `[${id}]`).join(" ") : cell;
}
