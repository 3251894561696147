// The bench's baselines run as many processes as the product does (WEB_CONCURRENCY, one per core
// by default), so each row compares like with like.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";

export const WORKERS = Number(process.env.WEB_CONCURRENCY || availableParallelism());

/** Runs `serve` in this process, or in WORKERS forked copies of it when there are several. */
export function serveInWorkers(/** @type {() => void} */ serve) {
  if (WORKERS > 1 && cluster.isPrimary) {
    for (let i = 0; i < WORKERS; i += 1) cluster.fork();
    const stop = () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      process.exit(0);
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } else serve();
}
