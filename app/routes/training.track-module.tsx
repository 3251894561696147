import { href } from "react-router";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import {
  Counts,
  LevelBadge,
  StatusLabel,
  TrainingErrorBoundary,
  moduleAction,
} from "~/domain/training";
import { loadTrackModule } from "~/domain/training/index.server";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/training.track-module";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${data?.module.title ?? t("training:module.notFound")} | Kestrel` }];
};

export function loader({ request, params }: Route.LoaderArgs) {
  return loadTrackModule(request, params.trackId, params.moduleId);
}

/** A module seen from its track: what it teaches, and the way into the player. */
export default function TrackModulePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  const { module, track } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">
        {t("track.inTrack", { track: track.title })}
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{module.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <StatusLabel status={module.status} />
        <LevelBadge level={module.level} />
      </div>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{module.description}</p>
      <div className="mt-4">
        <Counts minutes={module.durationMinutes} points={module.points} />
      </div>
      <Card className="mt-8">
        <h2 className="text-xl font-bold">{t("module.objectives")}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          {module.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </Card>
      {module.status === "locked" ? (
        <p className="mt-6" data-testid="module-locked">
          {t("module.lockedBody")} {module.lockedBy.map((required) => required.title).join(", ")}
        </p>
      ) : (
        <ButtonLink
          to={href("/training/module/:moduleId", { moduleId: module.id })}
          className="mt-6"
        >
          {t(`module.${moduleAction(module.status)}`)}
        </ButtonLink>
      )}
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
