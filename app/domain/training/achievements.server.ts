import type { Region } from "~/platform/i18n";
import { getLocalizedPack } from "~/platform/i18n/index.server";
import { getCatalogue } from "./catalogue.server";
import { type ContentLanguage, localize } from "./content-schema";
import { isPassingScore, scorePercent } from "./grading";
import { finalAttempts } from "./final.server";
import { loadRuns } from "./progress.server";

// What a learner has achieved and may hold a certificate for: each module passed, and each track
// whose modules are all passed and whose final assessment is passed. Computed from the stored takes, like every score.

export interface Achievement {
  /** `module:<id>`, `track:<id>` or `course:<id>`: one certificate per achievement and year. */
  key: string;
  kind: "module" | "track" | "course";
  id: string;
  title: string;
  /** Best passing score of a module, or of a track's final assessment; a whole percent. */
  score: number;
  /** When the latest passing take (of the track's last module) was completed. */
  completedAt: string;
}

interface Pass {
  title: string;
  score: number;
  completedAt: string;
}

/** The modules a learner has passed and the tracks whose modules they all passed. */
export async function achievementsOf(
  learnerId: string,
  language: ContentLanguage,
  region: Region,
): Promise<Achievement[]> {
  const { modules, tracks } = getCatalogue();
  const runs = await loadRuns(learnerId, [...modules.keys()]);

  const passes = new Map<string, Pass>();
  for (const module of modules.values()) {
    const stepCount = module.steps.length;
    const passing = (runs.get(module.id) ?? []).flatMap((run) => {
      const score = scorePercent(run.answers, stepCount);
      return run.completedAt && isPassingScore(score, module.passMark, stepCount)
        ? [{ score, completedAt: run.completedAt }]
        : [];
    });
    if (passing.length === 0) continue;
    passes.set(module.id, {
      title: localize(module.title, language),
      score: Math.max(...passing.map((pass) => pass.score)),
      completedAt: passing
        .map((pass) => pass.completedAt)
        .sort()
        .at(-1) as string,
    });
  }

  const achievements: Achievement[] = [...passes].map(([id, pass]) => ({
    key: `module:${id}`,
    kind: "module",
    id,
    ...pass,
  }));
  const regionalTitle = getLocalizedPack(region, language)?.track.title ?? "";
  for (const track of tracks) {
    if (!track.modules.every((id) => passes.has(id))) continue;
    // The track's certificate needs its final assessment passed too (issue: assessment).
    const finals = (await finalAttempts(learnerId, track)).filter((attempt) => attempt.passed);
    if (finals.length === 0) continue;
    achievements.push({
      key: `track:${track.id}`,
      kind: "track",
      id: track.id,
      title: track.title ? localize(track.title, language) : regionalTitle,
      score: Math.max(...finals.map((attempt) => attempt.score)),
      completedAt: finals
        .map((attempt) => attempt.run.completedAt as string)
        .sort()
        .at(-1) as string,
    });
  }
  return achievements;
}

/**
 * What a module's or a track's certificate is called in `language`, from the catalogue; null for
 * an id the catalogue no longer has (the certificate keeps the title it was issued with).
 */
export function achievementTitle(
  kind: "module" | "track",
  id: string,
  language: ContentLanguage,
): string | null {
  const { modules, tracks } = getCatalogue();
  const item = kind === "module" ? modules.get(id) : tracks.find((track) => track.id === id);
  return item?.title ? localize(item.title, language) : null;
}
