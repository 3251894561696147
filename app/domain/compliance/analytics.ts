import {
  type Instant,
  type MonthStats,
  type RequirementState,
  averageMinutesToComplete,
  complianceScore,
  monthlyStats,
  teamCompletionRate,
} from "./rules";

// SPEC §3 analytics, computed from stored facts only: what the dashboard shows a manager for the
// organisation and a learner for themself.

export interface ModuleStats {
  moduleId: string;
  /** Learners who passed the module. */
  completions: number;
  /** Mean score of its finished takes, passed or not, a whole percent. */
  avgScore: number;
  lastCompleted: string;
}

export interface Analytics {
  totalUsers: number;
  completionRate: number;
  /** Whole minutes from first answer to completion; null before any completion. */
  avgTimeToComplete: number | null;
  certificatesIssued: number;
  complianceScore: number;
  nextAudit: string;
  topModules: ModuleStats[];
  monthlyStats: MonthStats[];
}

export const TOP_MODULES = 5;

export function computeAnalytics(
  facts: {
    learners: readonly { joinedAt: Instant }[];
    takes: readonly {
      userId: string;
      moduleId: string;
      startedAt: string;
      completedAt: string;
      score: number;
      /** The take reached the module's pass mark: only such a take completes the module. */
      passed: boolean;
    }[];
    certificates: readonly { issuedAt: Instant }[];
    states: readonly { status: RequirementState }[];
    nextAudit: string;
  },
  { now, timeZone, moduleCount }: { now: Date; timeZone: string; moduleCount: number },
): Analytics {
  // Completion means passed: a module counts once per learner, in the month they first passed it.
  // A failed take counts in the module's mean score, never as a completion.
  const passedTakes = facts.takes.filter((take) => take.passed);
  const firstCompletion = new Map<string, string>();
  for (const take of passedTakes) {
    const key = `${take.userId}\u0000${take.moduleId}`;
    const first = firstCompletion.get(key);
    if (!first || take.completedAt < first) firstCompletion.set(key, take.completedAt);
  }
  const byModule = new Map<
    string,
    { learners: Set<string>; scoreSum: number; takes: number; last: string | null }
  >();
  for (const take of facts.takes) {
    let stats = byModule.get(take.moduleId);
    if (!stats) {
      stats = { learners: new Set(), scoreSum: 0, takes: 0, last: null };
      byModule.set(take.moduleId, stats);
    }
    stats.scoreSum += take.score;
    stats.takes += 1;
    if (!take.passed) continue;
    stats.learners.add(take.userId);
    if (stats.last === null || take.completedAt > stats.last) stats.last = take.completedAt;
  }
  const topModules = [...byModule]
    .flatMap(([moduleId, stats]) =>
      stats.last === null
        ? []
        : [
            {
              moduleId,
              completions: stats.learners.size,
              avgScore: Math.round(stats.scoreSum / stats.takes),
              lastCompleted: stats.last,
            },
          ],
    )
    .sort((a, b) => b.completions - a.completions || a.moduleId.localeCompare(b.moduleId))
    .slice(0, TOP_MODULES);

  return {
    totalUsers: facts.learners.length,
    completionRate: teamCompletionRate({
      completions: firstCompletion.size,
      users: facts.learners.length,
      moduleCount,
    }),
    avgTimeToComplete: averageMinutesToComplete(
      passedTakes.map((take) => ({ firstAnswerAt: take.startedAt, completedAt: take.completedAt })),
    ),
    certificatesIssued: facts.certificates.length,
    complianceScore: complianceScore(facts.states.map((state) => state.status)),
    nextAudit: facts.nextAudit,
    topModules,
    monthlyStats: monthlyStats(
      {
        completions: [...firstCompletion.values()],
        newUsers: facts.learners.map((learner) => learner.joinedAt),
        certificates: facts.certificates.map((certificate) => certificate.issuedAt),
      },
      now,
      timeZone,
    ),
  };
}
