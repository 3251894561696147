import { data } from "react-router";
import { getLocaleState, getLocalizedPack } from "~/platform/i18n/index.server";
import { catalogueCounts, getCatalogue } from "./catalogue.server";
import { finalAttempts, trackOr404 } from "./final.server";
import { localize } from "./content-schema";
import { type ItemProgress, completionRate, totalPoints } from "./grading";
import { contentLanguage } from "./language";
import { type Learner, getLearner } from "./learners.server";
import { moduleProgress } from "./progress.server";
import { type LevelFilter, parseLevel, searchTracks } from "./search";
import type { LearnerView, ModuleCard, ReportingView, TrackFinal, TrackView } from "./types";
import { moduleCard, reportingView, trackView } from "./views.server";

// The data of the training home and the track pages: the catalogue in the reader's language with
// the learner's progress on it.

export interface ProgressSummary {
  completedModules: number;
  moduleCount: number;
  completionRate: number;
  points: number;
}

function learnerView(learner: Learner): LearnerView {
  return learner.kind === "user"
    ? { guest: false, name: learner.name || learner.email, role: learner.role }
    : { guest: true, name: null, role: null };
}

async function context(request: Request) {
  const [{ locale, region }, learner] = await Promise.all([
    getLocaleState(request),
    getLearner(request),
  ]);
  const language = contentLanguage(locale);
  const pack = getLocalizedPack(region, language);
  const regional = {
    title: pack?.track.title ?? "",
    description: pack?.track.subtitle ?? "",
    english: pack?.english.includes("track.title") ?? false,
  };
  const progress = await moduleProgress(learner.id);
  return { language, learner, regional, progress, pack };
}

export function summarise(progress: ReadonlyMap<string, ItemProgress>): ProgressSummary {
  const completed = [...progress.values()].filter((item) => item.status === "completed");
  const moduleCount = catalogueCounts().modules;
  return {
    completedModules: completed.length,
    moduleCount,
    completionRate: completionRate(completed.length, moduleCount),
    points: totalPoints(completed.map((item) => item.bestScore)),
  };
}

export async function loadTrainingHome(request: Request) {
  const { language, learner, regional, progress } = await context(request);
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const level: LevelFilter = parseLevel(url.searchParams.get("level"));
  const tracks = getCatalogue().tracks.map((track) =>
    trackView(track, progress, language, regional),
  );
  return {
    learner: learnerView(learner),
    summary: summarise(progress),
    query,
    level,
    tracks: searchTracks(tracks, query, level),
    trackCount: tracks.length,
  };
}

export async function loadTrack(
  request: Request,
  trackId: string,
): Promise<{
  track: TrackView;
  final: TrackFinal;
  reporting: ReportingView | null;
}> {
  const track = trackOr404(trackId);
  const { language, regional, progress, pack, learner } = await context(request);
  const finished = (await finalAttempts(learner.id, track)).filter(
    (attempt) => attempt.run.completedAt !== null,
  );
  const best = finished.length > 0 ? Math.max(...finished.map((a) => a.score)) : null;
  const unlocked = track.modules.every((id) => progress.get(id)?.status === "completed");
  return {
    track: trackView(track, progress, language, regional),
    final: {
      state: finished.some((attempt) => attempt.passed)
        ? "passed"
        : !unlocked
          ? "locked"
          : finished.length > 0
            ? "failed"
            : "ready",
      bestScore: best,
    },
    // The regional track carries its region's quick reference: how to report a scam.
    reporting: track.fromRegionPack && pack ? reportingView(pack) : null,
  };
}

/** A module seen in its track: the card with its objectives. */
export async function loadTrackModule(
  request: Request,
  trackId: string,
  moduleId: string,
): Promise<{
  track: { id: string; title: string };
  module: ModuleCard & { objectives: string[] };
}> {
  const track = trackOr404(trackId);
  const module = track.modules.includes(moduleId)
    ? getCatalogue().modules.get(moduleId)
    : undefined;
  if (!module) throw data({ notFound: "module" as const }, { status: 404 });
  const { language, regional, progress } = await context(request);
  return {
    track: {
      id: track.id,
      title: track.title ? localize(track.title, language) : regional.title,
    },
    module: {
      ...moduleCard(module, progress.get(module.id), language),
      objectives: module.objectives.map((objective) => localize(objective, language)),
    },
  };
}

/** Who is learning, for the training pages' header. */
export async function loadLearnerView(request: Request): Promise<LearnerView> {
  return learnerView(await getLearner(request));
}

/** The titles of every module and track in the reader's language, by `module:<id>`/`track:<id>`. */
export async function catalogueTitles(request: Request): Promise<Map<string, string>> {
  const { locale, region } = await getLocaleState(request);
  const language = contentLanguage(locale);
  const { modules, tracks } = getCatalogue();
  const regionalTitle = getLocalizedPack(region, language)?.track.title ?? "";
  return new Map([
    ...[...modules.values()].map(
      (module) => [`module:${module.id}`, localize(module.title, language)] as const,
    ),
    ...tracks.map(
      (track) =>
        [
          `track:${track.id}`,
          track.title ? localize(track.title, language) : regionalTitle,
        ] as const,
    ),
  ]);
}
