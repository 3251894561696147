import { purgeOldConversations } from "~/domain/advisor/index.server";
import { runReminderPass } from "~/domain/compliance/index.server";
import { purgeExpiredEvidence } from "~/domain/evidence/index.server";
import { processPendingReports } from "~/domain/reports/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { revokeUnearnedCertificates } from "../certificate-status.server";
import { getLogger } from "~/platform/lib/logger.server";

// Background jobs run inside the server (issue "Reminders"): every JOBS_INTERVAL_MINUTES, one job
// after the other, never two passes at once in one process. Each job must be safe to run on several
// servers at once (the reminders claim rows in the database first), so no leader is elected.

export interface JobScope {
  now: Date;
  /** Only this organisation's work (a pass run by hand); every organisation's without it. */
  organisationId?: number;
}

export interface Job {
  name: string;
  run(scope: JobScope): Promise<unknown>;
}

/** Every background job, in the order a pass runs them. A new job is one line here. */
export const JOBS: readonly Job[] = [
  { name: "reminders", run: (scope) => runReminderPass(scope) },
  // Reports start as soon as they are asked for; a pass finishes any a stopped server left.
  { name: "reports", run: ({ now }) => processPendingReports({ now }) },
  {
    name: "evidence-retention",
    run: ({ now, organisationId }) =>
      purgeExpiredEvidence({
        now,
        organisationId,
        retentionYears: getEnv().EVIDENCE_RETENTION_YEARS,
      }),
  },
  // Module certificates issued on a take below the pass mark, before completion meant passed.
  { name: "unearned-certificates", run: ({ now }) => revokeUnearnedCertificates({ now }) },
  // Advisor conversations are kept 30 days.
  { name: "advisor-retention", run: ({ now }) => purgeOldConversations({ now }) },
];

/**
 * One pass of the jobs. A job that fails is logged and the next one still runs; the names of the
 * failed jobs are answered, so `npm run jobs:once` can exit non-zero.
 */
export async function runJobsOnce({
  now = new Date(),
  organisationId,
  jobs = JOBS,
}: Partial<JobScope> & { jobs?: readonly Job[] } = {}): Promise<{ failed: string[] }> {
  const logger = getLogger();
  const failed: string[] = [];
  for (const job of jobs) {
    const started = performance.now();
    try {
      const result = await job.run({ now, organisationId });
      logger.info(
        { job: job.name, result, ms: Math.round(performance.now() - started) },
        "job finished",
      );
    } catch (error) {
      failed.push(job.name);
      logger.error({ job: job.name, err: error }, "job failed");
    }
  }
  return { failed };
}

export interface JobRunner {
  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  stop(): Promise<void>;
}

/** Runs a pass now, then every `intervalMinutes`; a tick while a pass still runs is skipped. */
export function startJobRunner({
  intervalMinutes,
  jobs = JOBS,
}: {
  intervalMinutes: number;
  jobs?: readonly Job[];
}): JobRunner {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) {
      getLogger().warn("the previous job pass is still running; this one is skipped");
      return;
    }
    running = runJobsOnce({ jobs }).finally(() => {
      running = undefined;
    });
  };
  // The timer alone never keeps the process alive: shutdown is the server's to decide.
  const timer = setInterval(tick, intervalMinutes * 60_000).unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
