// One pass of the background jobs (reminders), for cron: `npm run jobs:once` after `npm run build`;
// `npm run jobs:once -- --organisation=ID` for one organisation only. Runs the built server
// bundle's jobs, as server/start.js starts its server, and exits non-zero when a job failed, so the
// scheduler sees it.
const BUILD_PATH = "../build/server/index.js";

const argument = process.argv.slice(2).find((arg) => arg.startsWith("--organisation="));
const organisationId = argument === undefined ? undefined : Number(argument.split("=")[1]);
if (organisationId !== undefined && !(Number.isInteger(organisationId) && organisationId > 0)) {
  console.error("--organisation= takes an organisation id, a whole number.");
  process.exit(2);
}

try {
  const app = await import(BUILD_PATH).catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      console.error("No build found: run `npm run build` first.");
      process.exit(1);
    }
    throw error;
  });
  process.exit((await app.runJobsOnce({ organisationId })) ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
