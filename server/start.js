// Starts Kestrel: the built server bundle in production, Vite's development server otherwise.
// The bundle (build/server/index.js) holds our Express app, the React Router build and the
// database layer in one module graph.
import cluster from "node:cluster";

const development = process.env.NODE_ENV === "development";
const BUILD_PATH = "../build/server/index.js";

try {
  if (development) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const app = await viteDevServer.ssrLoadModule("./server/app.ts");
    await app.start({ viteDevServer });
  } else {
    const app = await import(BUILD_PATH).catch((error) => {
      if (error?.code === "ERR_MODULE_NOT_FOUND") {
        console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
        process.exit(1);
      }
      throw error;
    });
    // One process per core (WEB_CONCURRENCY): this one becomes their primary (decision 028).
    const workers = app.workerCount();
    if (workers > 1 && cluster.isPrimary) await app.startPrimary(workers);
    else await app.start();
  }
} catch (error) {
  // An invalid environment lists every bad variable at once.
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
