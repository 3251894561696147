import * as Tabs from "@radix-ui/react-tabs";
import {
  BarChart3,
  CheckCircle2,
  ExternalLink,
  FileText,
  GraduationCap,
  ShieldCheck,
} from "lucide-react";
import { Suspense, lazy, useEffect, useId, useState } from "react";
import { Link, href, useFetcher, useLocation, useSearchParams } from "react-router";
import { AdvisorPanel } from "~/domain/advisor";
import { useLocale, useTranslation } from "~/platform/i18n";
import { formatLongDate } from "~/platform/lib/dates";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { type CourseTab, COURSE_TABS, LEARNING_TABS } from "./constants";
import { tabOf } from "./grading";
import type { CoursePage } from "./types";
import { ExercisesTab } from "./exercises-tab";

// SPEC §2 "ESG and AI ethics course": the header with progress and badges, the highlights, the
// regional line, the signed-out banner and six tabs. A learning tab counts as visited after 2 s
// on it; the tab is in the URL, so a reload or a shared link opens it.

const AudioPlayer = lazy(() => import("./audio-player"));
const BeginDialog = lazy(() => import("./begin-dialog"));
const PdfPreview = lazy(() =>
  import("./pdf-viewer").then((module) => ({ default: module.PdfPreview })),
);
const PdfViewerDialog = lazy(() =>
  import("./pdf-viewer").then((module) => ({ default: module.PdfViewerDialog })),
);

/** The bar's width per tab visited, as classes: our CSP admits no inline style. */
const PROGRESS_WIDTHS = ["w-0", "w-1/4", "w-1/2", "w-3/4", "w-full"];

/** SPEC §4: how long a learning tab is shown before it counts as visited. */
export const VISIT_AFTER_MS = 2000;
const CAMPUS_URL = "https://campus.kestrel.academy";

export type DeckView = CoursePage["media"]["decks"][string];

function Sources({ sources }: { sources: { source: string; section: string }[] }) {
  const { t } = useTranslation("esgCourse");
  return (
    <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
      {t("sources")}:{" "}
      <span lang="en">
        {sources.map((anchor) => `[${anchor.source}] ${anchor.section}`).join("; ")}
      </span>
    </p>
  );
}

function Narration({
  audioId,
  page,
  title,
  paragraphs,
}: {
  audioId: string;
  page: CoursePage;
  title: string;
  paragraphs: string[];
}) {
  const { t } = useTranslation("esgCourse");
  const { language } = page.media;
  const audio = page.media.audio[audioId];
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <div>
        <Suspense
          fallback={
            <div className="h-14 rounded-xl border border-slate-200 dark:border-slate-700" />
          }
        >
          <AudioPlayer
            audioId={audioId}
            src={audio?.url}
            seconds={audio?.seconds ?? 0}
            resumeAt={page.positions[audioId] ?? 0}
            save={page.signedIn}
            label={title}
            lang={audio?.lang}
          />
        </Suspense>
        {audio && audio.lang !== language && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t("audio.englishVoice")}
          </p>
        )}
      </div>
      <details className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" open>
        <summary className="focus-ring cursor-pointer font-semibold">
          {t("audio.transcript")}
        </summary>
        <div
          className="focus-ring mt-2 max-h-64 space-y-2 overflow-y-auto text-sm"
          data-testid={`transcript-${audioId}`}
          lang={language}
          // A scrolling region is reached by keyboard (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={`${t("audio.transcript")}: ${title}`}
        >
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </details>
    </div>
  );
}

function DeckCard({
  deck,
  page,
  signInUrl,
}: {
  deck: DeckView;
  page: CoursePage;
  signInUrl: string;
}) {
  const { t } = useTranslation("esgCourse");
  const [preview, setPreview] = useState(false);
  const [viewer, setViewer] = useState(false);
  const canDownload = page.signedIn && page.completion !== null;
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden="true" className="size-5 text-brand-700" />
        {/* The deck in the reader's language, or the English one where it has none. */}
        <h4 lang={deck.lang} className="font-semibold">
          {deck.title}
        </h4>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {t("pdf.pages", { count: deck.pages })}
        </span>
        <span className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={() => setPreview(!preview)} aria-expanded={preview}>
            {preview ? t("pdf.hidePreview") : t("pdf.preview")}
          </Button>
          <Button onClick={() => setViewer(true)}>{t("pdf.open")}</Button>
        </span>
      </div>
      <Suspense fallback={<p role="status">{t("pdf.loading")}</p>}>
        {preview && <PdfPreview deck={deck} />}
        {viewer && (
          <PdfViewerDialog
            deck={deck}
            open={viewer}
            onOpenChange={setViewer}
            signedIn={page.signedIn}
            canDownload={canDownload}
            signInUrl={signInUrl}
          />
        )}
      </Suspense>
    </li>
  );
}

function OverviewTab({ page, signInUrl }: { page: CoursePage; signInUrl: string }) {
  const { t } = useTranslation("esgCourse");
  const { overview } = page.course;
  const decks = Object.entries(page.media.decks);
  return (
    <div className="space-y-8">
      <p className="text-lg">{overview.lead}</p>
      <section aria-labelledby="objectives">
        <h3 id="objectives" className="text-xl font-bold">
          {t("overview.objectivesHeading")}
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {overview.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="narration-overview">
        <h3 id="narration-overview" className="text-xl font-bold">
          {t("overview.narrationHeading")}
        </h3>
        <Narration
          audioId="overview"
          page={page}
          title={overview.narration.title}
          paragraphs={overview.narration.paragraphs}
        />
      </section>
      {overview.sections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`}>
          <h3 id={`section-${section.id}`} className="text-xl font-bold">
            {section.heading}
          </h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2">
              {paragraph}
            </p>
          ))}
          <Sources sources={section.sources} />
        </section>
      ))}
      <section aria-labelledby="decks">
        <h3 id="decks" className="text-xl font-bold">
          {t("overview.decksHeading")}
        </h3>
        {decks.length === 0 ? (
          <p className="mt-2" role="status">
            {t("pdf.previewUnavailable")}
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {decks.map(([id, deck]) => (
              <DeckCard key={id} deck={deck} page={page} signInUrl={signInUrl} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function FrameworksTab({ page }: { page: CoursePage }) {
  const { t } = useTranslation("esgCourse");
  return (
    <div className="grid gap-6">
      {page.course.frameworks.map((framework) => (
        <Card key={framework.id} aria-labelledby={`framework-${framework.id}`} role="region">
          <h3 id={`framework-${framework.id}`} className="text-xl font-bold">
            {framework.name}
          </h3>
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-semibold">{t("frameworks.area")}</dt>
            <dd>{framework.area}</dd>
            <dt className="font-semibold">{t("frameworks.practice")}</dt>
            <dd>{framework.practice}</dd>
          </dl>
          <p className="mt-3">{framework.description}</p>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <div>
              <h4 className="font-semibold">{t("frameworks.keyRequirements")}</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {framework.keyRequirements.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="font-semibold">{t("frameworks.implementation")}</h4>
              <ol className="mt-1 list-decimal space-y-1 pl-5">
                {framework.implementation.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            </div>
          </div>
          <Narration
            audioId={framework.id}
            page={page}
            title={framework.narration.title}
            paragraphs={framework.narration.paragraphs}
          />
          <Sources sources={framework.sources} />
        </Card>
      ))}
    </div>
  );
}

function GovernanceTab({ page }: { page: CoursePage }) {
  const { t } = useTranslation("esgCourse");
  const roles = ["responsible", "accountable", "consulted", "informed"] as const;
  type Raci = CoursePage["course"]["governance"][number]["raciRoles"][number];
  const columns: Column<Raci>[] = [
    {
      key: "activity",
      header: t("governance.activity"),
      rowHeader: true,
      cell: (row) => row.activity,
    },
    ...roles.map((role) => ({
      key: role,
      header: t(`governance.${role}`),
      cell: (row: Raci) => row[role],
    })),
  ];
  return (
    <div className="grid gap-6">
      {page.course.governance.map((control) => (
        <Card key={control.id} role="region" aria-labelledby={`control-${control.id}`}>
          <h3 id={`control-${control.id}`} className="text-xl font-bold">
            {control.title}
          </h3>
          <p className="mt-2">{control.description}</p>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <div>
              <h4 className="font-semibold">{t("governance.metrics")}</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {control.metrics.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div>
              <h4 className="font-semibold">{t("governance.controls")}</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {control.controls.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </div>
          <h4 className="mt-4 font-semibold">
            {t("governance.caseStudy")}: {control.caseStudy.title}
          </h4>
          {control.caseStudy.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-1">
              {paragraph}
            </p>
          ))}
          <div className="mt-4">
            <DataTable
              variant="compact"
              caption={t("governance.raci")}
              showCaption
              columns={columns}
              rows={control.raciRoles.map((row) => ({ ...row, id: row.activity }))}
            />
          </div>
          <Sources sources={control.sources} />
        </Card>
      ))}
    </div>
  );
}

function ResultsTab({ page }: { page: CoursePage }) {
  const { t } = useTranslation("esgCourse");
  const { locale } = useLocale();
  const { summary, completion } = page;
  const headingId = useId();
  const columns: Column<{
    id: string;
    title?: string;
    correct: number;
    steps: number;
    total?: boolean;
  }>[] = [
    { key: "exercise", header: t("results.exercise"), rowHeader: true, cell: (row) => row.title },
    {
      key: "score",
      header: t("results.score"),
      className: "tabular-nums",
      cell: (row) => {
        const score = t("results.scoreValue", { correct: row.correct, steps: row.steps });
        return row.total ? <span data-testid="course-total">{score}</span> : score;
      },
    },
  ];
  return (
    <div className="space-y-4">
      <h3 id={headingId} className="text-xl font-bold">
        {t("results.heading")}
      </h3>
      <div className="max-w-xl">
        <DataTable
          variant="compact"
          labelledBy={headingId}
          columns={columns}
          rows={summary.exercises.map((exercise) => ({
            ...exercise,
            title: page.course.exercises.find((item) => item.id === exercise.id)?.title,
          }))}
          footer={{
            id: "total",
            total: true,
            title: t("results.total"),
            correct: summary.correct,
            steps: summary.steps,
          }}
        />
      </div>
      {completion ? (
        <div
          role="status"
          className="rounded-xl bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {t("results.complete", {
              date: formatLongDate(locale, new Date(completion.completedAt)),
              count: completion.points,
            })}
          </p>
          {page.signedIn ? (
            <p className="mt-2">
              {t("results.certificate")}{" "}
              <Link
                to={href("/training/certificates")}
                className="focus-ring font-semibold underline"
              >
                {t("results.viewCertificates")}
              </Link>
            </p>
          ) : (
            <p className="mt-2">{t("results.guestCertificate")}</p>
          )}
        </div>
      ) : (
        <p>{t("results.incomplete")}</p>
      )}
    </div>
  );
}

/**
 * Counts a learning tab as visited after 2 s on it: at once on the page, and on the server for a
 * learner (a visitor's visits go with their first answer). Answers every tab visited so far.
 */
function useVisits(tab: CourseTab, stored: readonly string[]): string[] {
  const fetcher = useFetcher({ key: "course-visit" });
  const [seen, setSeen] = useState<string[]>([]);
  const visited = [...stored, ...seen.filter((item) => !stored.includes(item))];
  const counted = visited.includes(tab);
  useEffect(() => {
    if (!(LEARNING_TABS as readonly string[]).includes(tab) || counted) return;
    const timer = window.setTimeout(() => {
      setSeen((before) => [...before, tab]);
      void fetcher.submit({ intent: "visit", tab }, { method: "post" });
    }, VISIT_AFTER_MS);
    return () => window.clearTimeout(timer);
    // The fetcher is stable for its key; the timer restarts only when the tab changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, counted]);
  return LEARNING_TABS.filter((item) => visited.includes(item));
}

export function CoursePageView({ page }: { page: CoursePage }) {
  const { t } = useTranslation("esgCourse");
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const tab = tabOf(searchParams.get("tab"));
  const { course, summary } = page;
  const [beginOpen, setBeginOpen] = useState(false);
  // Loaded on the first ask and kept, so Radix closes it (and gives the page back) itself.
  const [beginAsked, setBeginAsked] = useState(false);
  const signInUrl = `${href("/login")}?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
  const visited = useVisits(tab, summary.visited);
  const stored: readonly string[] = summary.visited;
  const pendingVisits = visited.filter((item) => !stored.includes(item));
  // Reading a tab is progress; the exercises count only once every exercise is passed.
  const exercisesPassed = summary.exercises.every((exercise) => exercise.status === "completed");
  const done = visited.filter((item) => item !== "exercises" || exercisesPassed);
  const completed = done.length;
  const total = LEARNING_TABS.length;

  const changeTab = (value: string) => {
    setSearchParams(value === "overview" ? {} : { tab: value }, {
      replace: true,
      preventScrollReset: true,
    });
  };
  const start = () => {
    if (!page.signedIn) {
      setBeginAsked(true);
      setBeginOpen(true);
    } else changeTab(LEARNING_TABS.find((item) => !summary.visited.includes(item)) ?? "exercises");
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-extrabold sm:text-4xl">{course.title}</h1>
        <div className="mt-4 max-w-xl">
          <p id="course-progress">{t("progress", { completed, total, count: total })}</p>
          <div
            role="progressbar"
            aria-labelledby="course-progress"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={completed}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div
              className={`h-full bg-brand-700 transition-[width] ${PROGRESS_WIDTHS[completed] ?? "w-full"}`}
            />
          </div>
        </div>
        <ul className="mt-4 flex flex-wrap gap-2 text-sm" aria-label={t("progressLabel")}>
          <li className="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">
            {t("badges.duration", { minutes: course.durationMinutes })}
          </li>
          <li className="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">
            {t("badges.points", { points: course.points })}
          </li>
          <li className="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">
            {t("badges.tier", { tier: t(`levels.${course.level}`) })}
          </li>
          <li className="rounded-full bg-green-100 px-3 py-1 text-green-900 dark:bg-green-900 dark:text-green-100">
            {t("badges.free")}
          </li>
        </ul>
        <div className="mt-6">
          <Button onClick={start}>{completed > 0 ? t("continue") : t("start")}</Button>
        </div>
      </header>

      {!page.signedIn && (
        <aside
          className="mt-6 flex flex-wrap items-center gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-slate-700 dark:bg-slate-900"
          aria-labelledby="sign-in-banner"
        >
          <div className="flex-1">
            <h2 id="sign-in-banner" className="font-semibold">
              {t("banner.heading")}
            </h2>
            <p className="text-sm">{t("banner.body")}</p>
          </div>
          <ButtonLink to={signInUrl}>{t("banner.signIn")}</ButtonLink>
        </aside>
      )}

      <Card className="mt-6">
        <h2 className="text-xl font-bold">{t("highlights.heading")}</h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          <div>
            <BarChart3 aria-hidden="true" className="size-6 text-brand-700" />
            <h3 className="mt-2 font-semibold">{t("highlights.analytics")}</h3>
            <p className="text-sm">{t("highlights.analyticsBody")}</p>
          </div>
          <div>
            <ShieldCheck aria-hidden="true" className="size-6 text-brand-700" />
            <h3 className="mt-2 font-semibold">{t("highlights.risk")}</h3>
            <p className="text-sm">{t("highlights.riskBody")}</p>
          </div>
          <div>
            <GraduationCap aria-hidden="true" className="size-6 text-brand-700" />
            <h3 className="mt-2 font-semibold">{t("highlights.workforce")}</h3>
            <p className="text-sm">{t("highlights.workforceBody")}</p>
            <a
              href={CAMPUS_URL}
              target="_blank"
              rel="noreferrer"
              className="focus-ring mt-1 inline-flex items-center gap-1 text-sm font-semibold underline"
            >
              {t("highlights.campusLink")}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </div>
        </div>
      </Card>
      <p
        className="mt-4 text-sm text-slate-700 dark:text-slate-300"
        data-testid="regional-coverage"
      >
        {t("coverage")}
      </p>

      <Tabs.Root value={tab} onValueChange={changeTab} className="mt-8" activationMode="automatic">
        <Tabs.List
          aria-label={t("tabs.label")}
          className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
        >
          {COURSE_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="focus-ring -mb-px inline-flex items-center gap-1 rounded-t-lg border-b-2 border-transparent px-4 py-2 font-semibold data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 dark:data-[state=active]:text-brand-200"
            >
              {t(`tabs.${value}`)}
              {(done as readonly string[]).includes(value) && (
                <CheckCircle2
                  aria-label={t("tabs.visited")}
                  role="img"
                  className="size-4 text-green-700"
                />
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="focus-ring pt-6">
          <OverviewTab page={page} signInUrl={signInUrl} />
        </Tabs.Content>
        <Tabs.Content value="frameworks" className="focus-ring pt-6">
          <FrameworksTab page={page} />
        </Tabs.Content>
        <Tabs.Content value="governance" className="focus-ring pt-6">
          <GovernanceTab page={page} />
        </Tabs.Content>
        <Tabs.Content value="exercises" className="focus-ring pt-6">
          <ExercisesTab page={page} pendingVisits={pendingVisits} />
        </Tabs.Content>
        <Tabs.Content value="results" className="focus-ring pt-6">
          <ResultsTab page={page} />
        </Tabs.Content>
        <Tabs.Content value="advisor" className="focus-ring pt-6">
          <h3 className="text-xl font-bold">{t("advisor.heading")}</h3>
          <p className="mt-2 mb-4">{t("advisor.body")}</p>
          <AdvisorPanel location="course" />
        </Tabs.Content>
      </Tabs.Root>

      {beginAsked && (
        <Suspense fallback={null}>
          <BeginDialog open={beginOpen} onOpenChange={setBeginOpen} signInUrl={signInUrl} />
        </Suspense>
      )}
    </div>
  );
}
