import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { RouterContextProvider, type ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import type { ViteDevServer } from "vite";
import {
  closeDb,
  getDb,
  inOneTransaction,
  isDatabaseReachable,
  isPostgresUrl,
  migrateToLatest,
} from "~/platform/db/db.server";
import { prepareRetrieval } from "~/domain/advisor/index.server";
import { AUDIO_PATH } from "~/domain/courses/index.server";
import { SCIM_PATH, createScimRouter } from "~/domain/scim/index.server";
import { auditChains, erasePersonalData } from "~/domain/evidence/index.server";
import { accountByEmail } from "~/platform/auth/index.server";
import { getCurrentTenant } from "~/platform/i18n/index.server";
import { runJobsOnce as runJobs, startJobRunner } from "~/workflows/jobs/index.server";
import { type ApiErrorCode, apiErrorBody } from "~/platform/lib/api.server";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { relayForgetMessages, workerExecArgv } from "~/platform/lib/workers.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import { isSameOriginRequest, securityHeaders } from "~/platform/lib/security-headers.server";
import { COMPRESSION_THRESHOLD, RESPONSE_BROTLI_PARAMS } from "./encodings";
import { createPageCache } from "./page-cache";
import { requestIdOf } from "./request-id";
import { createRequestHandler, routerUrl } from "./request-handler";

const SHUTDOWN_GRACE_MS = 10_000;
/** How long a client that asked to close may go on sending a body after its answer. */
const CLOSE_AFTER_BODY_MS = 10_000;
/** Every method the app answers; React Router cannot even build a request for some others. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];
const ALLOW = ALLOWED_METHODS.join(", ");

/** A Host header that names a host and an optional port, nothing more. */
function isValidHost(host: string): boolean {
  if (!/^[\w.~!$&'()*+,;=%:[\]-]+$/.test(host)) return false;
  try {
    return new URL(`http://${host}/`).pathname === "/";
  } catch {
    return false;
  }
}

/**
 * A client that asked to close and is still sending when its answer is ready (a refusal, a body
 * over the limit) would have the connection reset under it, and its network stack would drop the
 * answer unread. Such a connection is kept until the body is in (read into nothing), then closed.
 */
function closeAfterBody(req: IncomingMessage, res: ServerResponse) {
  const hasBody =
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;
  if (!hasBody || res.shouldKeepAlive) return;
  res.shouldKeepAlive = true;
  res.once("finish", () => {
    const { socket } = req;
    const timer = setTimeout(() => socket.destroy(), CLOSE_AFTER_BODY_MS);
    const close = () => {
      clearTimeout(timer);
      socket.end();
    };
    if (req.complete) return close();
    req.once("end", close).once("close", close);
    req.removeAllListeners("data").resume();
  });
}

/** Answers a JSON error the way the API does (SPEC §8 messages). */
function sendError(res: Response, status: number, code: ApiErrorCode) {
  res.status(status).json(apiErrorBody(code));
}

export interface StartOptions {
  viteDevServer?: ViteDevServer;
}

export function createApp({ viteDevServer }: StartOptions = {}) {
  const env = getEnv();
  const logger = getLogger();
  const appOrigin = new URL(env.APP_URL).origin;
  const https = appOrigin.startsWith("https:");
  let draining = false;
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

  const app = express();
  app.disable("x-powered-by");
  // Only then do X-Forwarded-For and -Proto count: `req.ip` is the client's, not the proxy's.
  app.set("trust proxy", env.TRUST_PROXY);

  if (!viteDevServer) {
    // Hashed file names never change content: cached for a year, sent as the build precompressed
    // them (brotli, gzip; scripts/precompress.js), ahead of the request log and the page headers:
    // a script or a stylesheet is not a document, so a policy or frame rule on it would be bytes
    // for nothing, and a line per asset would bury the requests worth reading.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: {
          immutable: true,
          maxAge: "1y",
          etag: false,
          lastModified: false,
          acceptRanges: false,
          setHeaders: (res) => {
            res.setHeader("X-Content-Type-Options", "nosniff");
            res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
          },
        },
      }),
    );
  }

  // Course narrations and their transcripts (build/media): hashed names, cached for a year;
  // ranges, so a listener can seek without downloading the whole file.
  app.use(
    AUDIO_PATH,
    express.static(path.join(path.resolve(env.MEDIA_DIR), AUDIO_PATH), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      },
    }),
  );

  // Request id and a JSON access log line per response.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    logger.debug({ requestId, method: req.method, path: req.path }, "request started");
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms),
        },
        "request",
      );
    });
    next();
  });

  // SCIM provisioning (docs/decisions/050): identity providers call it with a bearer token and
  // the methods REST needs (PUT, PATCH, DELETE); no page, cookie or session machinery below
  // serves it, and it answers every request under its path itself.
  app.use(SCIM_PATH, createScimRouter({ appUrl: env.APP_URL }));

  // What every layer after this may take for granted: a method we answer, a Host that is a host
  // (RFC 9112 §3.2: 400 otherwise) and a request target that is a URL.
  app.use((req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.setHeader("Allow", ALLOW);
      sendError(res, 405, "method_not_allowed");
      return;
    }
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", ALLOW);
      res.status(204).end();
      return;
    }
    const host = req.get("host");
    if ((host !== undefined && !isValidHost(host)) || !routerUrl(req.originalUrl, appOrigin)) {
      sendError(res, 400, "validation");
      return;
    }
    next();
  });

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const headers = securityHeaders({
      nonce,
      https: https || req.secure,
      development: Boolean(viteDevServer),
    });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });

  // Public pages for anonymous visitors: rendered once per language, served precompressed.
  const assetText = new Map<string, string>();
  const pageCache = viteDevServer
    ? undefined
    : createPageCache({
        build: async () => serverBuild,
        https,
        logger,
        readAsset: (href) => {
          let text = assetText.get(href);
          if (text === undefined) {
            text = readFileSync(path.join(clientDir, path.normalize(href)), "utf8");
            assetText.set(href, text);
          }
          return text;
        },
      });
  if (pageCache) app.use(pageCache.middleware);

  // Streamed responses; a rendered page that is whole at once is compressed in one step instead
  // (request-handler.ts).
  app.use(
    compression({ brotli: { params: RESPONSE_BROTLI_PARAMS }, threshold: COMPRESSION_THRESHOLD }),
  );

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const ready = !draining && (await isDatabaseReachable(getDb()));
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "unavailable" });
  });

  // Cross-site request forgery: a browser names the origin of every state-changing request.
  app.use((req, res, next) => {
    if (["GET", "HEAD"].includes(req.method)) return next();
    if (isSameOriginRequest(req.get("origin"), appOrigin)) return next();
    logger.warn({ requestId: res.locals.requestId, origin: req.get("origin") }, "foreign origin");
    sendError(res, 403, "forbidden");
  });

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // The files of public/ (the favicon…), known at start, so a page request costs no file-system
    // look-up on its way to the router.
    // (None when the app runs from source without a build, as the integration tests run it.)
    const publicFiles = new Set(
      (existsSync(clientDir)
        ? readdirSync(clientDir, { recursive: true, withFileTypes: true })
        : []
      )
        .filter((entry) => entry.isFile())
        .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name))}`)
        .filter((file) => !file.startsWith("/assets/")),
    );
    const servePublic = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  }

  app.use(
    createRequestHandler({
      // A build given as a function is derived again (routes flattened and ranked) on every
      // request, which only development's reloading needs.
      build: viteDevServer
        ? () =>
            viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
        : serverBuild,
      mode: viteDevServer ? "development" : "production",
      appOrigin,
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, {
          cspNonce: String(res.locals.cspNonce),
          requestId: String(res.locals.requestId),
          clientIp: req.ip ?? "unknown",
        });
        return context;
      },
      onError: (error, _req, res) => {
        logger.error({ err: error, requestId: res.locals.requestId }, "request failed");
        if (res.headersSent) res.destroy();
        else sendError(res, 500, "server_error");
      },
    }),
  );

  /** Answers a request: from memory when a public page is ready, else through Express. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    closeAfterBody(req, res);
    if (!draining && pageCache?.serveFromMemory(req, res)) return;
    app(req, res);
  }

  /** The HTTP server, not yet listening. */
  function createHttpServer(): Server {
    const server = createServer(handle);
    // Node hands CONNECT to this event instead of the request handler; unheard, the socket closes.
    server.on("connect", (req: IncomingMessage, socket: Duplex) => {
      const body = JSON.stringify(apiErrorBody("method_not_allowed"));
      socket.on("error", () => undefined);
      // Whatever else the client sends is read into nothing until it closes, or for a while.
      const timer = setTimeout(() => socket.destroy(), CLOSE_AFTER_BODY_MS);
      socket.once("close", () => clearTimeout(timer));
      socket.resume();
      socket.end(
        `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      logger.info({ method: req.method, path: req.url, status: 405 }, "request");
    });
    return server;
  }

  return {
    createHttpServer,
    startDraining() {
      draining = true;
    },
  };
}

/** How many processes serve requests in production (WEB_CONCURRENCY). */
export function workerCount(): number {
  return getEnv().WEB_CONCURRENCY;
}

async function prepare(): Promise<void> {
  const env = getEnv();
  getCurrentTenant(); // an unknown TENANT_ID stops the start, not the first request
  const applied = await migrateToLatest(getDb());
  getLogger().info(
    { applied, engine: isPostgresUrl(env.DATABASE_URL) ? "postgres" : "sqlite" },
    "database ready",
  );
}

/**
 * The primary of a server with several workers (docs/decisions/028): migrates once, starts
 * `count` workers (the background jobs in the first only), passes their cache messages on,
 * replaces a worker that dies, and on SIGTERM or SIGINT stops them all and exits when they have.
 * A worker that dies before it listens (a port in use) stops the whole server.
 */
export async function startPrimary(count: number): Promise<void> {
  await prepare();
  await closeDb();
  const logger = getLogger();
  relayForgetMessages();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  const jobs = getEnv().JOBS;
  const fork = (index: number) => {
    const worker = cluster.fork({
      JOBS: index === 0 ? jobs : "off",
      KESTREL_WORKER: String(index),
    });
    worker.once("listening", () => listening.add(worker.id));
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!listening.has(worker.id)) {
        logger.fatal({ code, signal }, "a worker stopped before it could listen; stopping");
        stop("SIGTERM", 1);
        return;
      }
      logger.error({ code, signal }, "a worker stopped; starting another");
      fork(index);
    });
  };
  const listening = new Set<number>();
  let stopping = false;
  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(exitCode);
    for (const worker of workers) {
      worker.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker.process.kill(signal);
    }
  };
  for (let index = 0; index < count; index += 1) fork(index);
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

/** Validates the environment, migrates the database, serves, and shuts down gracefully. */
export async function start(options: StartOptions = {}): Promise<Server> {
  const env = getEnv();
  const logger = getLogger();
  // A worker's primary has migrated already.
  if (!cluster.isWorker) await prepare();

  const { createHttpServer, startDraining } = createApp(options);
  const server = createHttpServer();
  const jobs =
    env.JOBS === "on" ? startJobRunner({ intervalMinutes: env.JOBS_INTERVAL_MINUTES }) : undefined;
  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: `http://${env.HOST}:${env.PORT}`, appUrl: env.APP_URL }, "server listening");
    // The advisor's search is built now, a language at a time, rather than for the first asker.
    const started = performance.now();
    void prepareRetrieval().then(() =>
      logger.info({ ms: Math.round(performance.now() - started) }, "advisor search built"),
    );
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? "the port is in use" : error.message;
    logger.fatal({ err: error }, `cannot listen on ${env.HOST}:${env.PORT}: ${reason}`);
    void closeDb().finally(() => process.exit(1));
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing requests in flight");
    startDraining();
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await options.viteDevServer?.close();
      await jobs?.stop();
      await closeDb();
      logger.info("server stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  return server;
}

// `npm run seed:demo` (scripts/seed-demo.js) runs the seed from this bundle.
export { runDemoSeed, seedDemo } from "../scripts/demo-seed.server";
/**
 * One pass of the background jobs, for a scheduler outside the server (`npm run jobs:once`, with
 * JOBS=off on the servers): migrates like the server's start, then closes the database. True when
 * every job succeeded. `organisationId` limits the pass to one organisation.
 */
export async function runJobsOnce({
  organisationId,
}: { organisationId?: number } = {}): Promise<boolean> {
  getEnv();
  try {
    await migrateToLatest(getDb());
    const { failed } = await runJobs({ organisationId });
    return failed.length === 0;
  } finally {
    await closeDb();
  }
}

/** The audit of every evidence chain in the configured database, for `npm run audit-chain`. */
export async function auditEvidenceChains(): ReturnType<typeof auditChains> {
  getEnv();
  try {
    return await auditChains();
  } finally {
    await closeDb();
  }
}

/**
 * A privacy request, for `npm run erase-personal-data`: the learner's evidence keeps every record,
 * hash and signature, and its personal fields can never be opened again. Null when no account has
 * the address.
 */
export async function erasePersonalDataOf(email: string): Promise<string | null> {
  getEnv();
  try {
    await migrateToLatest(getDb());
    const account = await accountByEmail(email);
    return account ? await erasePersonalData(account.id) : null;
  } finally {
    await closeDb();
  }
}

// `npm run bench` (scripts/bench/evidence-chain.js) times the evidence chain with these.
export { appendEvidence } from "~/domain/evidence/index.server";
/** Migrates the configured database, as the server's start does. */
export async function prepareDatabase(): Promise<void> {
  getEnv();
  await migrateToLatest(getDb());
}
/** Runs `work` in one transaction: many appends, one commit. */
export function inEvidenceBatch<T>(work: () => Promise<T>): Promise<T> {
  return inOneTransaction(work);
}
export const auditEvidenceChain = (organisationId: number) => auditChains([organisationId]);
export { closeDb as closeDatabase };
export { buildCourseMedia } from "~/domain/courses/index.server";
export { ADVISOR_TARGETS, evaluateAdvisor } from "~/domain/advisor/index.server";
export { CalibrationSchema, calibration, evaluateGrading } from "~/domain/aml/index.server";
export { getSkills, runSkill, scrubPii } from "~/domain/skills/index.server";
