import { useState } from "react";
import { listFormat } from "~/platform/lib/intl";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { type MarkableType, MARKABLE_TYPES, type PiiType, isMarkableText } from "./pii-types";
import { type FoundItem, MARKED_LIMITS } from "./types";

// What the scrubber removed from the notes, by type with the original text (shown only to the
// learner, never stored: docs/decisions/045), and the spans the learner marks as missed.

export interface MarkedItem {
  text: string;
  type: MarkableType;
}

/** The items found, by type: "2 people: Tan Wei Ming → [PERSON 1], Lim → [PERSON 2]". */
export function FoundList({ found }: { found: readonly FoundItem[] }) {
  const { t, i18n } = useTranslation("skills");
  const byType = new Map<PiiType, FoundItem[]>();
  for (const item of found) {
    // One line per item removed: the same name twice shows once.
    const items = byType.get(item.type) ?? [];
    if (!items.some((seen) => seen.value === item.value)) items.push(item);
    byType.set(item.type, items);
  }
  const list = listFormat(i18n.language, { type: "unit" });
  return (
    <ul className="mt-2 space-y-1 text-sm" data-testid="pii-found">
      {[...byType].map(([type, items]) => (
        <li key={type}>
          <span className="font-semibold">
            {t(`generator.pii.${type}` as "generator.pii.EMAIL", {
              count: new Set(items.map((item) => item.placeholder)).size,
            })}
          </span>
          {": "}
          {list.format(items.map((item) => `${item.value} → ${item.placeholder}`))}
        </li>
      ))}
    </ul>
  );
}

/** The learner's review before generating: what was found, and spans to add. */
export function PiiReview({
  found,
  checked,
  marked,
  onMark,
  onUnmark,
  textareaId,
}: {
  found: readonly FoundItem[];
  /** Whether the notes have been checked since they last changed. */
  checked: boolean;
  marked: readonly MarkedItem[];
  onMark: (item: MarkedItem) => void;
  onUnmark: (index: number) => void;
  textareaId: string;
}) {
  const { t } = useTranslation("skills");
  const [text, setText] = useState("");
  const [type, setType] = useState<MarkableType>("PERSON");
  const full = marked.length >= MARKED_LIMITS.items;

  const mark = () => {
    let value = text.trim();
    // Nothing typed: the text selected in the notes.
    if (!value) {
      const notes = document.getElementById(textareaId);
      if (notes instanceof HTMLTextAreaElement) {
        value = notes.value.slice(notes.selectionStart, notes.selectionEnd).trim();
      }
    }
    if (!isMarkableText(value)) return;
    onMark({ text: value.slice(0, MARKED_LIMITS.chars), type });
    setText("");
  };

  return (
    <section
      aria-labelledby="pii-review"
      className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 id="pii-review" className="font-semibold">
        {t("generator.review.heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t("generator.review.private")}
      </p>
      {checked ? (
        found.length ? (
          <FoundList found={found} />
        ) : (
          <p className="mt-2 text-sm">{t("generator.scrubNone")}</p>
        )
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="grow text-sm">
          <span className="block">{t("generator.review.markLabel")}</span>
          <input
            type="text"
            value={text}
            maxLength={MARKED_LIMITS.chars}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                mark();
              }
            }}
            className="focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <label className="text-sm">
          <span className="block">{t("generator.review.markType")}</span>
          <select
            value={type}
            onChange={(event) => {
              const chosen = MARKABLE_TYPES.find((candidate) => candidate === event.target.value);
              if (chosen) setType(chosen);
            }}
            className="focus-ring mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
          >
            {MARKABLE_TYPES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`generator.review.types.${candidate}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="button" variant="secondary" onClick={mark} disabled={full}>
          {t("generator.review.mark")}
        </Button>
      </div>
      {marked.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold">{t("generator.review.marked")}</h4>
          <ul className="mt-1 flex flex-wrap gap-2 text-sm">
            {marked.map((item, index) => (
              <li
                key={`${item.type} ${item.text}`}
                className="flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 dark:border-slate-600"
              >
                <span>
                  {item.text} ({t(`generator.review.types.${item.type}`)})
                </span>
                <button
                  type="button"
                  className="focus-ring rounded px-1 font-semibold"
                  aria-label={t("generator.review.unmark", { text: item.text })}
                  onClick={() => onUnmark(index)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
