import { useEffect } from "react";
import { track } from "~/platform/analytics";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import {
  ModuleCardView,
  ReportingGuide,
  SpotTheSignals,
  TrackCounts,
  TrackFinalCard,
  TrainingErrorBoundary,
} from "~/domain/training";
import { Card } from "~/platform/ui/card";
import { loadTrack } from "~/domain/training/index.server";
import type { Route } from "./+types/training.track";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${data?.track.title ?? t("training:track.notFound")} | Kestrel` }];
};

export function loader({ request, params }: Route.LoaderArgs) {
  return loadTrack(request, params.trackId);
}

export default function TrackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["training", "consumerScamModule"]);
  const { track: view, reporting, final } = loaderData;
  useEffect(() => track("track_detail_viewed", { trackId: view.id }), [view.id]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 lang={view.textLang} className="text-3xl font-extrabold tracking-tight">
        {view.title}
      </h1>
      <p lang={view.textLang} className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        {view.description}
      </p>
      <div className="mt-4">
        <TrackCounts track={view} />
      </div>
      <h2 className="mt-10 text-2xl font-bold">{t("track.modulesHeading")}</h2>
      <ol className="mt-4 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {view.modules.map((module) => (
          <li key={module.id}>
            <ModuleCardView module={module} trackId={view.id} />
          </li>
        ))}
      </ol>
      <TrackFinalCard trackId={view.id} final={final} />
      {reporting && (
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <SpotTheSignals />
          <Card>
            <h2 className="text-xl font-bold">{t("consumerScamModule:quickref")}</h2>
            <div className="mt-3">
              <ReportingGuide guide={reporting} />
            </div>
          </Card>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
