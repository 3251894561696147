// One pass of the background jobs (reminders), for cron: `npm run jobs:once` after `npm run build`;
// `npm run jobs:once -- --organisation=ID` for one organisation only. Runs the built server
// bundle's jobs, as server/start.js starts its server, and exits non-zero when a job failed, so the
// scheduler sees it.
import { withBuiltApp } from "./built-app.js";

const argument = process.argv.slice(2).find((arg) => arg.startsWith("--organisation="));
const organisationId = argument === undefined ? undefined : Number(argument.split("=")[1]);
if (organisationId !== undefined && !(Number.isInteger(organisationId) && organisationId > 0)) {
  console.error("--organisation= takes an organisation id, a whole number.");
  process.exit(2);
}

await withBuiltApp(async (app) => {
  process.exit((await app.runJobsOnce({ organisationId })) ? 0 : 1);
});
