import cluster from "node:cluster";

// A server started with WEB_CONCURRENCY > 1 is a primary process and that many workers, one per
// core, each with the whole app (docs/decisions/028). The database is shared; what a worker keeps
// in memory is its own, so a worker that makes another's copy stale says so to all of them
// through the primary. In a single process the message reaches only this one.

const KIND = "kestrel:forget";

interface ForgetMessage {
  kind: typeof KIND;
  topic: string;
  key: string | number;
}

type Forget = (key: string | number) => void;

const forgetters = new Map<string, Forget>();
let listening = false;

function isForgetMessage(message: unknown): message is ForgetMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === KIND &&
    typeof (message as { topic?: unknown }).topic === "string"
  );
}

/** Registers how this process forgets `key` of `topic` (a cache entry another worker changed). */
export function onForget(topic: string, forget: Forget): void {
  forgetters.set(topic, forget);
  if (listening || !cluster.isWorker) return;
  listening = true;
  process.on("message", (message: unknown) => {
    if (isForgetMessage(message)) forgetters.get(message.topic)?.(message.key);
  });
}

/** Forgets `key` of `topic` here and in every other worker of this server. */
export function forgetEverywhere(topic: string, key: string | number): void {
  forgetters.get(topic)?.(key);
  if (cluster.isWorker) process.send?.({ kind: KIND, topic, key } satisfies ForgetMessage);
}

/** In the primary: passes each worker's forget message on to the other workers. */
export function relayForgetMessages(): void {
  cluster.on("message", (from, message: unknown) => {
    if (!isForgetMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
  });
}

/**
 * V8's young generation per semi-space, in MB, for the workers. A render's objects live until its
 * response is written; with 16 MB (the default) the many renders under way survive each scavenge
 * and are copied again, a scavenge every few dozen requests. 32 MB halves the time spent in
 * scavenges under load (docs/decisions/032).
 */
export const WORKER_SEMI_SPACE_MB = 32;

/** The flags a worker starts with: the primary's own, and the young generation unless set. */
export function workerExecArgv(execArgv: string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) =>
    /^--max[-_]semi[-_]space[-_]size\b/.test(flag),
  );
  return given ? execArgv : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}
