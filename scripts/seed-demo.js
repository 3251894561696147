// Creates the demo organisation (scripts/demo-seed.server.ts) in the database DATABASE_URL names,
// like the server (default data/kestrel.db), after applying any pending migration.
// Usage: npm run seed:demo [-- --learners=2000 --attempts=100000]
import { parseArgs } from "node:util";

const BUILD_PATH = "../build/server/index.js";

const { values } = parseArgs({
  options: { learners: { type: "string" }, attempts: { type: "string" } },
});
/** @type {(text: string | undefined, name: string) => number | undefined} */
const count = (text, name) => {
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`--${name} must be a whole number, 1 or more.`);
    process.exit(1);
  }
  return number;
};

try {
  const app = await import(BUILD_PATH).catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      console.error(
        "No build found: run `npm run build` first (or `npm run seed:demo`, which builds).",
      );
      process.exit(1);
    }
    throw error;
  });
  const started = performance.now();
  const result = await app.runDemoSeed({
    learners: count(values.learners, "learners"),
    attempts: count(values.attempts, "attempts"),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.created) {
    console.log(
      `Created "${result.organisation}" (region CA) in ${seconds} s: ${result.users} users ` +
        `@${result.domain}, ${result.completedTakes} completed and ${result.openTakes} unfinished ` +
        `takes, ${result.answers} answers.`,
    );
  } else {
    console.log(`"${result.organisation}" exists already: nothing was added.`);
  }
  console.log(`Managers: ${result.managers.join(", ")}`);
  console.log(
    "Sign in as one at /login: the code is in the outbox (`npm run outbox`) unless SMTP_URL is " +
      `set. PILOT_DOMAINS is not needed: an allowlist entry admits ${result.domain}.`,
  );
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
