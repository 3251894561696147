// One pass of the background jobs (reminders), for cron: `npm run jobs:once` after `npm run build`.
// Runs the built server bundle's jobs, like server/start.js starts its server, and exits non-zero
// when a job failed, so the scheduler sees it.
const BUILD_PATH = "../build/server/index.js";

try {
  const app = await import(BUILD_PATH).catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      console.error("No build found: run `npm run build` first.");
      process.exit(1);
    }
    throw error;
  });
  process.exit((await app.runJobsOnce()) ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
