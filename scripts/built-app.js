// The operator commands (audit-chain, jobs:once, erase-personal-data) run the built server
// bundle's own functions, as server/start.js runs its server.

const BUILD_PATH = "../build/server/index.js";

/**
 * Runs `main` with the built server bundle: exits 1 with "run `npm run build` first" when there is
 * none, and 1 on a failure (a configuration error as its message alone).
 * @param {(app: any) => Promise<void>} main
 */
export async function withBuiltApp(main) {
  try {
    const app = await import(BUILD_PATH).catch((error) => {
      if (error?.code === "ERR_MODULE_NOT_FOUND") {
        console.error("No build found: run `npm run build` first.");
        process.exit(1);
      }
      throw error;
    });
    await main(app);
  } catch (error) {
    console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
    process.exit(1);
  }
}
