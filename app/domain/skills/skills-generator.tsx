import {
  Cpu,
  FileWarning,
  GraduationCap,
  Leaf,
  ListChecks,
  type LucideIcon,
  ScrollText,
  UserSearch,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useFetcher, href } from "react-router";
import { dateTimeFormat, listFormat, localTimeZone } from "~/platform/lib/intl";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { ReusedHtml } from "~/platform/lib/reused-html";
import { Button, buttonClasses } from "~/platform/ui/button";
import { CountedTextarea } from "~/platform/ui/counted-textarea";
import { FoundList, type MarkedItem, PiiReview } from "./pii-review";
import {
  type DraftSummary,
  type QuotaView,
  SKILL_INPUT_CHARS,
  type SkillSummary,
  type SkillsActionResult,
} from "./types";

// The generator of the Skills page (SPEC §2, §3 "Skills", §4): pick a skill, paste notes,
// check what personal data they hold and mark what was missed (docs/decisions/045), Generate
// ('Generating...'), the Generated Content panel with its sources and scrub report, Export HTML and
// Save Draft (each with its 3 s toast), the week's runs and the saved drafts. The scrubber runs on
// the server (the preview request), so its name lists stay out of this page's JavaScript.

const ICONS: Record<string, LucideIcon> = {
  "file-warning": FileWarning,
  "user-search": UserSearch,
  "list-checks": ListChecks,
  "scroll-text": ScrollText,
  "graduation-cap": GraduationCap,
  leaf: Leaf,
  cpu: Cpu,
};
const TOAST_MS = 3000;

export function SkillsGenerator({
  skills,
  quota,
  drafts,
}: {
  skills: SkillSummary[];
  quota: QuotaView;
  drafts: DraftSummary[];
}) {
  const { t, i18n } = useTranslation(["skills", "errors"]);
  const fieldMessage = useFieldMessage();
  const [skillId, setSkillId] = useState(skills[0]?.id ?? "");
  const [input, setInput] = useState("");
  const [scrub, setScrub] = useState(true);
  const [marked, setMarked] = useState<MarkedItem[]>([]);
  const [toast, setToast] = useState("");
  // The preview: what the scrubber finds in the notes as they were when checked.
  const previewer = useFetcher<SkillsActionResult>();
  const [checkedInput, setCheckedInput] = useState<string | null>(null);
  const preview = previewer.data?.ok && previewer.data.intent === "preview" ? previewer.data : null;
  const check = (markedNow: readonly MarkedItem[]) => {
    if (!input.trim()) return;
    setCheckedInput(input);
    void previewer.submit(
      { intent: "preview", input, marked: JSON.stringify(markedNow) },
      { method: "post" },
    );
  };
  const updateMarked = (next: MarkedItem[]) => {
    setMarked(next);
    check(next);
  };
  // Generate and Open share a fetcher: the panel shows whichever answered last.
  const runner = useFetcher<SkillsActionResult>();
  const saver = useFetcher<SkillsActionResult>();
  const remover = useFetcher<SkillsActionResult>();
  const result = runner.data;
  const generated =
    result?.ok && (result.intent === "generate" || result.intent === "open-draft")
      ? result.generated
      : null;

  // A saved draft is announced once, when its answer arrives (state from the previous answer).
  const [seenSave, setSeenSave] = useState(saver.data);
  if (saver.data !== seenSave) {
    setSeenSave(saver.data);
    if (saver.data?.ok) setToast(t("generator.saved"));
  }
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(""), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const [seenOpen, setSeenOpen] = useState(result);
  if (result !== seenOpen) {
    setSeenOpen(result);
    if (result?.ok && result.intent === "open-draft") setSkillId(result.generated.skillId);
  }

  const skill = skills.find((candidate) => candidate.id === skillId);
  const generating = runner.state !== "idle" && runner.formData?.get("intent") === "generate";
  const error = result && !result.ok ? result.error : null;
  const spent = quota.used >= quota.limit;
  // The week starts again at midnight: the day says it (a time would end the sentence "a.m..").
  const resetsAt = dateTimeFormat(i18n.language, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: quota.timeZone,
  }).format(new Date(quota.resetsAt));
  const removedItems = generated
    ? Object.entries(generated.removed).map(([type, count]) =>
        t(`generator.pii.${type}` as "generator.pii.EMAIL", { count }),
      )
    : [];
  const removedText = listFormat(i18n.language, { type: "conjunction" }).format(removedItems);
  const skillName = (id: string) => skills.find((candidate) => candidate.id === id)?.name ?? id;
  const dateOf = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  const shownDrafts = drafts.filter(
    (draft) => !(remover.state !== "idle" && Number(remover.formData?.get("draftId")) === draft.id),
  );
  const inputError = fieldMessage(error?.fields?.input ? [error.fields.input] : undefined) ?? "";

  return (
    <section aria-labelledby="skill-generator" className="mt-10">
      <h2 id="skill-generator" className="text-xl font-bold">
        {t("generator.heading")}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("generator.intro")}</p>

      <runner.Form method="post" className="mt-6 grid gap-6 lg:grid-cols-5">
        <input type="hidden" name="intent" value="generate" />
        <input
          type="hidden"
          name="timeZone"
          // The browser's zone: the server render's would be its own, so it is replaced on hydration.
          value={localTimeZone()}
          suppressHydrationWarning
        />
        {/* The same for everyone reading this language: the server keeps its HTML per selected
            skill (docs/decisions/030). The skills' texts are fixed by the build, named by their ids. */}
        <ReusedHtml
          as="fieldset"
          className="lg:col-span-2"
          reuse={{
            scope: i18n,
            key: JSON.stringify([skillId, skills.map((candidate) => candidate.id)]),
          }}
        >
          <SkillPicker skills={skills} skillId={skillId} onSelect={setSkillId} />
        </ReusedHtml>

        <div className="lg:col-span-3">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor="skill-input" lang="en" className="font-semibold">
              {skill?.inputLabel}
            </label>
            <button
              type="button"
              className="focus-ring rounded text-sm font-semibold underline"
              onClick={() => setInput(skill?.sampleInput ?? "")}
            >
              {t("generator.useSample")}
            </button>
          </div>
          <CountedTextarea
            id="skill-input"
            name="input"
            rows={9}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby="skill-input-error"
            aria-invalid={inputError ? true : undefined}
            className="mt-2 text-sm"
            hint={t("generator.inputHint", { max: SKILL_INPUT_CHARS })}
            count={t("generator.characters", { count: input.length, max: SKILL_INPUT_CHARS })}
            over={input.length > SKILL_INPUT_CHARS}
          />
          <p id="skill-input-error" className="mt-1 text-sm text-red-800 dark:text-red-300">
            {inputError}
          </p>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="scrub"
              value="on"
              checked={scrub}
              onChange={(event) => setScrub(event.target.checked)}
              className="size-4"
            />
            {t("generator.scrub")}
          </label>
          <input type="hidden" name="marked" value={scrub ? JSON.stringify(marked) : "[]"} />
          {scrub && (checkedInput !== null || marked.length > 0) && (
            <PiiReview
              found={preview?.found ?? []}
              checked={preview !== null && checkedInput === input}
              marked={marked}
              onMark={(item) => updateMarked([...marked, item])}
              onUnmark={(index) => updateMarked(marked.filter((_, i) => i !== index))}
              textareaId="skill-input"
            />
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={generating || spent}>
              {generating ? t("generator.generating") : t("generator.generate")}
            </Button>
            {scrub && (
              <Button
                type="button"
                variant="secondary"
                disabled={previewer.state !== "idle" || !input.trim()}
                onClick={() => check(marked)}
              >
                {previewer.state !== "idle" ? t("generator.checking") : t("generator.check")}
              </Button>
            )}
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="skill-runs">
              {t("generator.runs", { count: quota.used, limit: quota.limit })}{" "}
              {t("generator.resets", { date: resetsAt })}
            </p>
          </div>
          <div role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
            {spent || error?.message === "skills:generator.quotaReached"
              ? t("generator.quotaReached", { limit: quota.limit, date: resetsAt })
              : error?.code === "network"
                ? t("errors:network")
                : error && error.code !== "validation"
                  ? t("generator.failed")
                  : ""}
          </div>
        </div>
      </runner.Form>

      <section
        aria-labelledby="generated-content"
        aria-busy={generating}
        className="mt-8 rounded-2xl border border-slate-200 p-6 dark:border-slate-700"
      >
        <h3 id="generated-content" className="text-lg font-bold">
          {t("generator.output")}
        </h3>
        {generated ? (
          <>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {removedItems.length
                ? t("generator.scrubbed", { items: removedText })
                : t("generator.scrubNone")}
            </p>
            {generated.found.length > 0 && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer">{t("generator.review.heading")}</summary>
                <p className="mt-1 text-slate-700 dark:text-slate-300">
                  {t("generator.review.private")}
                </p>
                <FoundList found={generated.found} />
              </details>
            )}
            {generated.fallback && <p className="mt-2 text-sm italic">{t("generator.fallback")}</p>}
            <div
              className="prose-draft mt-4 max-w-none space-y-3 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
              // The server renders the draft's markdown and sanitises it (markdown.server.ts).
              dangerouslySetInnerHTML={{ __html: generated.html }}
            />
          </>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("generator.empty")}</p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          {generated ? (
            <a
              href={href("/app/skills/export/:kind/:id", {
                kind: generated.kind,
                id: String(generated.id),
              })}
              download
              onClick={() => setToast(t("generator.exported"))}
              className={buttonClasses("secondary")}
            >
              {t("generator.export")}
            </a>
          ) : (
            <Button variant="secondary" disabled>
              {t("generator.export")}
            </Button>
          )}
          <saver.Form method="post">
            <input type="hidden" name="intent" value="save-draft" />
            <input
              type="hidden"
              name="runId"
              value={generated?.kind === "run" ? generated.id : ""}
            />
            <Button
              type="submit"
              variant="secondary"
              disabled={generated?.kind !== "run" || saver.state !== "idle"}
            >
              {t("generator.saveDraft")}
            </Button>
          </saver.Form>
        </div>
      </section>

      <p
        role="status"
        className="mt-4 min-h-6 text-sm font-semibold text-emerald-800 dark:text-emerald-300"
      >
        {toast}
      </p>

      <section aria-labelledby="skill-drafts" className="mt-8">
        <h3 id="skill-drafts" className="text-lg font-bold">
          {t("generator.drafts")}
        </h3>
        {shownDrafts.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("generator.noDrafts")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {shownDrafts.map((draft) => (
              <li key={draft.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <span>
                  {t("generator.draftLabel", {
                    skill: skillName(draft.skillId),
                    date: dateOf(draft.createdAt),
                  })}
                </span>
                <span className="flex gap-2">
                  <DraftAction fetcher={runner} intent="open-draft" draftId={draft.id}>
                    {t("generator.openDraft")}
                  </DraftAction>
                  <DraftAction fetcher={remover} intent="delete-draft" draftId={draft.id}>
                    {t("generator.deleteDraft")}
                  </DraftAction>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** A saved draft's Open or Delete: a one-button form posted by the given fetcher. */
function DraftAction({
  fetcher,
  intent,
  draftId,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher<SkillsActionResult>>;
  intent: "open-draft" | "delete-draft";
  draftId: number;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="draftId" value={draftId} />
      <Button type="submit" variant="ghost" className="px-2 py-1">
        {children}
      </Button>
    </fetcher.Form>
  );
}

/** The skills to pick from; on the server, rendered only when its HTML is not kept. */
function SkillPicker({
  skills,
  skillId,
  onSelect,
}: {
  skills: SkillSummary[];
  skillId: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation("skills");
  return (
    <>
      <legend className="font-semibold">{t("generator.listLabel")}</legend>
      <div className="mt-2 space-y-2">
        {skills.map((candidate) => {
          const Icon = ICONS[candidate.icon] ?? ListChecks;
          return (
            <label
              key={candidate.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:bg-slate-800"
            >
              <input
                type="radio"
                name="skillId"
                value={candidate.id}
                checked={candidate.id === skillId}
                onChange={() => onSelect(candidate.id)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
              <span>
                {/* The skills are written in English (content/skills). */}
                <span className="block font-semibold">
                  <span lang="en">{candidate.name}</span>{" "}
                  <span className="text-xs font-medium text-slate-600 uppercase dark:text-slate-400">
                    {t(`generator.categories.${candidate.category}`)}
                  </span>
                </span>
                <span lang="en" className="block text-sm text-slate-600 dark:text-slate-300">
                  {candidate.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </>
  );
}
