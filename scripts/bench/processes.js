// The processes the bench starts (servers, wrk, Lighthouse): each in its own process group, so it is
// stopped by its id with everything it started, at the end, on an error, on Ctrl-C, or at its time
// limit.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/** @param {import("node:child_process").ChildProcess} child @param {NodeJS.Signals} signal */
function signalGroup(child, signal) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts a long-running process (a server); stopAll() ends it.
 * @param {string} command @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv }} [options]
 */
export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(child);
  child.on("exit", () => running.delete(child));
  return child;
}

/** Stops every process still running: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll(graceMs = 5000) {
  const children = [...running];
  const exited = children.map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(undefined);
        else child.once("exit", resolve);
      }),
  );
  for (const child of children) signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => {
    for (const child of children) signalGroup(child, "SIGKILL");
  }, graceMs);
  await Promise.all(exited);
  clearTimeout(timer);
}

// A bench stopped half-way leaves nothing behind.
process.on("exit", () => {
  for (const child of running) signalGroup(child, "SIGKILL");
});
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

/**
 * Runs a command to its end (or its time limit) and returns what it printed on stdout.
 * @param {string} command @param {string[]} args
 * @param {{ timeoutMs: number, cwd?: string, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ status: number | null, stdout: string, timedOut: boolean }>}
 */
export function runCommand(command, args, { timeoutMs, ...options }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options,
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    });
    running.add(child);
    let stdout = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (/** @type {string} */ text) => (stdout += text));
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child, "SIGKILL");
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ status, stdout, timedOut });
    });
  });
}

/**
 * One HTTP request with the body kept as sent (no decompression, no redirect following).
 * @param {string} method @param {string} url
 * @param {{ headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>}
 */
export function httpRequest(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers:
          body === undefined ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) },
      },
      (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (/** @type {Buffer} */ chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * Waits until a just-started server answers 200, failing early if it exits.
 * @param {string} url @param {import("node:child_process").ChildProcess} child
 */
export async function waitFor(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server for ${url} exited (${child.exitCode})`);
    const status = await httpRequest("GET", url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Throws when something already listens on the port: the bench would measure it instead. */
export function assertPortFree(/** @type {number} */ port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      reject(new Error(`port ${port} is in use: stop what listens there, or free ports 3400-3403`));
    });
    socket.once("error", () => resolve(undefined));
  });
}
