import { describe, expect, it } from "vitest";
import { computeAnalytics } from "./analytics";

describe("analytics", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  // The modules' pass mark is 67 %: a take below it is finished but not a completion.
  const take = (userId: string, moduleId: string, completedAt: string, score: number) => ({
    userId,
    moduleId,
    startedAt: new Date(new Date(completedAt).getTime() - 10 * 60_000).toISOString(),
    completedAt,
    score,
    passed: score >= 67,
  });

  it("counts each module once per learner who passed it, averages every take and ranks modules by learners", () => {
    const analytics = computeAnalytics(
      {
        learners: [{ joinedAt: "2026-11-01T12:00:00Z" }, { joinedAt: "2026-06-01T00:00:00Z" }],
        takes: [
          take("u1", "m1", "2026-10-05T00:00:00Z", 60),
          take("u1", "m1", "2026-11-02T00:00:00Z", 100),
          take("u2", "m1", "2026-11-03T00:00:00Z", 80),
          take("u2", "m2", "2026-10-10T00:00:00Z", 90),
          take("u2", "m2", "2026-11-04T00:00:00Z", 90),
        ],
        certificates: [{ issuedAt: "2026-11-02T00:00:00Z" }],
        states: [{ status: "completed" }, { status: "overdue" }, { status: "pending" }],
        nextAudit: "2026-10-18",
      },
      { now, timeZone: "America/Toronto", moduleCount: 11 },
    );
    expect(analytics).toMatchObject({
      totalUsers: 2,
      completionRate: Math.round((100 * 3) / 22),
      avgTimeToComplete: 10,
      certificatesIssued: 1,
      complianceScore: 33,
      nextAudit: "2026-10-18",
    });
    expect(analytics.topModules).toEqual([
      { moduleId: "m1", completions: 2, avgScore: 80, lastCompleted: "2026-11-03T00:00:00Z" },
      { moduleId: "m2", completions: 1, avgScore: 90, lastCompleted: "2026-11-04T00:00:00Z" },
    ]);
    expect(analytics.monthlyStats.map((month) => month.month)).toEqual([
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    // October: u1 failed m1 (60 %), which is no completion; u2 passed m2. November: u1 and u2
    // passed m1; u2's second pass of m2 is not a new completion.
    expect(analytics.monthlyStats.at(-2)).toMatchObject({ completions: 1 });
    expect(analytics.monthlyStats.at(-1)).toMatchObject({
      completions: 2,
      newUsers: 1,
      certificates: 1,
    });
  });

  it("reads zeros and no average before anything happened", () => {
    const analytics = computeAnalytics(
      { learners: [], takes: [], certificates: [], states: [], nextAudit: "2026-10-18" },
      { now, timeZone: "Asia/Singapore", moduleCount: 11 },
    );
    expect(analytics).toMatchObject({
      totalUsers: 0,
      completionRate: 0,
      avgTimeToComplete: null,
      complianceScore: 0,
      topModules: [],
    });
  });
});
