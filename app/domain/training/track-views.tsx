import { CheckCircle2, Circle, CircleAlert, CircleDot, Clock, Lock, Star } from "lucide-react";
import { Link, href } from "react-router";
import { track as trackEvent } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { ItemStatus } from "./grading";
import type { ModuleCard, TrackView } from "./types";

const STATUS = {
  "not-started": {
    key: "progress.notStarted",
    Icon: Circle,
    tone: "text-slate-600 dark:text-slate-300",
  },
  "in-progress": {
    key: "progress.inProgress",
    Icon: CircleDot,
    tone: "text-amber-700 dark:text-amber-300",
  },
  completed: {
    key: "progress.completed",
    Icon: CheckCircle2,
    tone: "text-emerald-700 dark:text-emerald-300",
  },
  failed: {
    key: "progress.failed",
    Icon: CircleAlert,
    tone: "text-red-700 dark:text-red-300",
  },
  locked: { key: "progress.locked", Icon: Lock, tone: "text-slate-600 dark:text-slate-300" },
} as const;

export function StatusLabel({ status }: { status: ItemStatus }) {
  const { t } = useTranslation("training");
  const { key, Icon, tone } = STATUS[status];
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-semibold ${tone}`}>
      <Icon aria-hidden="true" className="size-4" />
      {t(key)}
    </span>
  );
}

export function LevelBadge({ level }: { level: TrackView["level"] }) {
  const { t } = useTranslation("training");
  return (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
      {t(`search.${level}`)}
    </span>
  );
}

/** The facts line of a track or module: modules, minutes, points. */
export function Counts({
  modules,
  minutes,
  points,
}: {
  modules?: number;
  minutes: number;
  points: number;
}) {
  const { t } = useTranslation("training");
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-300">
      {modules !== undefined && <span>{t("track.modules", { count: modules })}</span>}
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {t("track.minutes", { count: minutes })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Star aria-hidden="true" className="size-4" />
        {t("track.points", { count: points })}
      </span>
    </p>
  );
}

export function TrackCounts({ track }: { track: TrackView }) {
  return (
    <Counts
      modules={track.modules.length}
      minutes={track.totalMinutes}
      points={track.totalPoints}
    />
  );
}

/** The player's button for a module: Start, Resume, Retake (not passed yet) or Review by status. */
export function moduleAction(status: ItemStatus): "start" | "resume" | "retake" | "review" {
  if (status === "in-progress") return "resume";
  if (status === "failed") return "retake";
  return status === "completed" ? "review" : "start";
}

export function ModuleCardView({ module, trackId }: { module: ModuleCard; trackId: string }) {
  const { t } = useTranslation("training");
  const action = moduleAction(module.status);
  return (
    <Card className="flex h-full flex-col" data-testid={`module-card-${module.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusLabel status={module.status} />
        <LevelBadge level={module.level} />
      </div>
      <h3 className="mt-3 text-lg font-bold">
        <Link
          className="focus-ring rounded hover:underline"
          to={href("/training/track/:trackId/module/:moduleId", { trackId, moduleId: module.id })}
        >
          {module.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{module.description}</p>
      <div className="mt-4">
        <Counts minutes={module.durationMinutes} points={module.points} />
      </div>
      {module.bestScore !== null && (
        <p className="mt-2 text-sm font-medium">
          {t("module.bestScore", { score: module.bestScore })}
        </p>
      )}
      {module.status === "locked" ? (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {t("module.lockedBody")}{" "}
          {module.lockedBy.map((required, index) => (
            <span key={required.id}>
              {index > 0 && ", "}
              <Link
                className="font-semibold underline"
                to={href("/training/module/:moduleId", { moduleId: required.id })}
              >
                {required.title}
              </Link>
            </span>
          ))}
        </p>
      ) : (
        <ButtonLink
          to={href("/training/module/:moduleId", { moduleId: module.id })}
          className="mt-4 self-start"
          onClick={() => trackEvent("module_start", { moduleId: module.id, trackId })}
        >
          {t(`module.${action}`)}
        </ButtonLink>
      )}
    </Card>
  );
}

/** A track on the training home: the ESG track featured, to start, continue or review. */
export function TrackCard({ track }: { track: TrackView }) {
  const { t } = useTranslation("training");
  const completed = track.modules.filter((module) => module.status === "completed").length;
  return (
    <Card
      className={`flex h-full flex-col ${track.featured ? "border-brand-600 ring-1 ring-brand-600" : ""}`}
      data-testid={`track-${track.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {track.featured && (
          <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
            {t("home.featured")}
          </span>
        )}
        <LevelBadge level={track.level} />
      </div>
      <h3 lang={track.textLang} className="mt-3 text-xl font-bold">
        {track.title}
      </h3>
      <p lang={track.textLang} className="mt-2 flex-1 text-slate-700 dark:text-slate-300">
        {track.description}
      </p>
      <div className="mt-4">
        <TrackCounts track={track} />
      </div>
      <p className="mt-2 text-sm">
        {t("home.trackProgress", {
          completed,
          total: track.modules.length,
          count: track.modules.length,
        })}
      </p>
      <ButtonLink
        to={href("/training/track/:trackId", { trackId: track.id })}
        variant={track.featured ? "primary" : "secondary"}
        className="mt-4 self-start"
        onClick={() => trackEvent("track_start", { trackId: track.id })}
      >
        {!track.featured
          ? t("home.exploreTrack")
          : completed === track.modules.length
            ? t("home.reviewEsg")
            : completed > 0
              ? t("home.continueEsg")
              : t("home.startEsg")}
      </ButtonLink>
    </Card>
  );
}
