// Load from wrk (Debian's package), a C client on its own core: a client inside the bench's Node
// process saturates before the server on pages of 70 KB, and measures itself.
import { runCommand } from "./processes.js";

export const WRK = "/usr/bin/wrk";

/**
 * @typedef {object} WrkResult
 * @property {number} requestsPerSecond
 * @property {number} p99Ms
 * @property {number} requests completed requests
 * @property {number} seconds how long the run took
 * @property {number} badStatus responses with a status of 400 or more (wrk: "Non-2xx or 3xx")
 * @property {number} socketErrors connect, read, write errors and timeouts
 */

const UNIT_MS = /** @type {Record<string, number>} */ ({ us: 0.001, ms: 1, s: 1000, m: 60_000 });

/** @param {string} value e.g. "12.34ms" */
function milliseconds(value) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value);
  return match ? Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? NaN) : NaN;
}

/**
 * Reads the figures out of wrk's report (run with --latency).
 * @param {string} output
 * @returns {WrkResult}
 */
export function parseWrk(output) {
  const number = (/** @type {RegExp} */ pattern) => Number(pattern.exec(output)?.[1] ?? NaN);
  const completed = /(\d+) requests in ([\d.]+\w+),/.exec(output);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p99Ms: milliseconds(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ""),
    requests: Number(completed?.[1] ?? NaN),
    seconds: milliseconds(completed?.[2] ?? "") / 1000,
    badStatus: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
    socketErrors: sockets ? sockets.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
  };
}

/**
 * One wrk run: a single thread (the other core is the server's) and CONNECTIONS connections.
 * @param {string} url
 * @param {{ seconds: number, connections: number, headers?: Record<string, string>, script?: string, scriptArgs?: string[] }} options
 */
export async function runWrk(url, { seconds, connections, headers = {}, script, scriptArgs = [] }) {
  // wrk counts an answer slower than its timeout (2 s by default) as an error and leaves it out of
  // the percentiles; 10 s keeps a slow page's p99 true.
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  args.push(url);
  if (scriptArgs.length > 0) args.push("--", ...scriptArgs);
  const run = await runCommand(WRK, args, { timeoutMs: (seconds + 30) * 1000 });
  if (run.status !== 0) {
    throw new Error(`wrk ${url} ${run.timedOut ? "timed out" : `exited ${run.status}`}`);
  }
  const result = parseWrk(run.stdout);
  if (Number.isNaN(result.requestsPerSecond))
    throw new Error(`wrk's report unread:\n${run.stdout}`);
  return result;
}
