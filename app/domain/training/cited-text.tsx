import { useTranslation } from "~/platform/i18n";
import { segments } from "./citations";
import type { SourceNote } from "./types";

// Teaching text with its sources as numbered notes (docs/decisions/041): "[C6]" in the content
// becomes a superscript number linking to the step's list of sources.

const noteId = (scope: string, number: number) => `${scope}-source-${number}`;

/** One paragraph, its tags shown as note numbers from `notes`. */
export function CitedText({
  text,
  notes,
  scope,
}: {
  text: string;
  notes: readonly SourceNote[];
  scope: string;
}) {
  const { t } = useTranslation("training");
  return segments(text).map((part, index) => {
    if ("text" in part) return part.text;
    const number = notes.findIndex((note) => note.id === part.source) + 1;
    if (number === 0) return null;
    return (
      <sup key={index} className="ml-0.5">
        <a
          href={`#${noteId(scope, number)}`}
          className="focus-ring rounded text-brand-700 underline dark:text-brand-100"
          aria-label={t("module.sourceNote", { number })}
        >
          {number}
        </a>
      </sup>
    );
  });
}

/** The numbered list of sources a step's text cites. */
export function SourceNotes({ notes, scope }: { notes: readonly SourceNote[]; scope: string }) {
  const { t } = useTranslation("training");
  if (notes.length === 0) return null;
  return (
    <section className="mt-6 text-sm" aria-labelledby={`${scope}-sources`}>
      <h3 id={`${scope}-sources`} className="font-semibold">
        {t("module.sources")}
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
        {notes.map((note, index) => (
          <li key={note.id} id={noteId(scope, index + 1)}>
            {/* Sources are cited by their own (English) titles. */}
            <a
              href={note.url}
              lang="en"
              className="focus-ring rounded break-words underline"
              rel="noopener noreferrer"
            >
              {note.label}
            </a>
            {note.secondary && (
              <span className="text-slate-600 dark:text-slate-300">
                {" "}
                ({t("module.secondarySource")})
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
