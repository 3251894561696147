import { afterEach, describe, expect, it, vi } from "vitest";
import { type Job, runJobsOnce, startJobRunner } from "./runner.server";

process.env.LOG_LEVEL = "silent";

afterEach(() => {
  vi.useRealTimers();
});

/** A job whose passes finish when the test says so. */
function controlledJob(name = "slow") {
  const finishers: (() => void)[] = [];
  const job: Job = {
    name,
    run: () => new Promise<void>((resolve) => finishers.push(resolve)),
  };
  return { job, finishers };
}

describe("runJobsOnce", () => {
  it("runs the next job when one fails, and names the failed ones", async () => {
    const ran: string[] = [];
    const { failed } = await runJobsOnce({
      jobs: [
        {
          name: "broken",
          run: async () => {
            ran.push("broken");
            throw new Error("the database is away");
          },
        },
        { name: "fine", run: async () => void ran.push("fine") },
      ],
    });
    expect(ran).toEqual(["broken", "fine"]);
    expect(failed).toEqual(["broken"]);
  });
});

describe("startJobRunner", () => {
  it("runs a pass at start and at every interval, never two at once, and waits for it on stop", async () => {
    vi.useFakeTimers();
    const { job, finishers } = controlledJob();
    const runner = startJobRunner({ intervalMinutes: 15, jobs: [job] });
    expect(finishers).toHaveLength(1);

    // The first pass is still running: the next two ticks leave it alone.
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(finishers).toHaveLength(1);

    finishers[0]?.();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(finishers).toHaveLength(2);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(stopped).toBe(false);
    expect(finishers).toHaveLength(2);
    finishers[1]?.();
    await stopping;
    expect(stopped).toBe(true);
  });
});
