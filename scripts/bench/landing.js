// Landing page benchmark (npm run bench): the production server beside nginx serving the same bytes
// in the same run, the landing page's JavaScript weight, and Lighthouse (mobile) in Debian's
// Chromium. It prints figures; it never fails a build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORK = path.join(ROOT, "data/bench");
const APP_PORT = 3400;
const NGINX_PORT = 3401;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** @type {import("node:child_process").ChildProcess[]} */
const children = [];

function stopAll() {
  for (const child of children) if (child.pid && child.exitCode === null) child.kill("SIGTERM");
}
process.on("exit", stopAll);
process.on("SIGINT", () => process.exit(130));

/** @param {string} url */
async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function startApp() {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const child = spawn(process.execPath, ["server/start.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: path.join(WORK, "kestrel.db"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${APP_PORT}/readyz`);
}

/** @param {Buffer} html */
async function startNginx(html) {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
  if (!nginx) {
    console.log("nginx: not installed (apt-get install -y nginx); baseline skipped");
    return false;
  }
  const site = path.join(WORK, "site");
  mkdirSync(path.join(site, "kestrel"), { recursive: true });
  writeFileSync(path.join(site, "kestrel/index.html"), html);
  const config = path.join(WORK, "nginx.conf");
  writeFileSync(
    config,
    `daemon off;
worker_processes 2;
pid ${WORK}/nginx.pid;
error_log ${WORK}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${WORK}/nginx-body;
  proxy_temp_path ${WORK}/nginx-proxy;
  fastcgi_temp_path ${WORK}/nginx-fastcgi;
  uwsgi_temp_path ${WORK}/nginx-uwsgi;
  scgi_temp_path ${WORK}/nginx-scgi;
  default_type text/html;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${site};
    location = /kestrel { try_files /kestrel/index.html =404; }
  }
}
`,
  );
  const child = spawn(nginx, ["-c", config, "-p", WORK], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/kestrel`);
  return true;
}

/** @param {string} url */
function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * The scripts the landing page starts with: the boot module's imports and the modules it preloads
 * (server/first-paint.ts holds both back until the first paint), with their sizes as the build
 * precompressed them.
 * @param {string} html
 */
function landingJavaScript(html) {
  const files = new Set([
    ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""),
    ...[...html.matchAll(/from "(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""),
    ...[...html.matchAll(/data-preloads="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? "").split(" "),
    ),
  ]);
  files.delete("");
  let gzipped = 0;
  let brotli = 0;
  for (const file of files) {
    const source = path.join(ROOT, "build/client", file);
    gzipped += gzipSync(readFileSync(source), { level: 9 }).length;
    brotli += existsSync(`${source}.br`) ? statSync(`${source}.br`).size : 0;
  }
  return { files: files.size, gzipped, brotli };
}

/** One Lighthouse (mobile) run in Debian's Chromium; null when the run fails. */
function lighthouseRun(/** @type {number} */ index) {
  const output = path.join(WORK, `lighthouse-${index}.json`);
  const run = spawnSync(
    "npx",
    [
      "--yes",
      "lighthouse@12.8.2",
      `http://127.0.0.1:${APP_PORT}/kestrel`,
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      "--form-factor=mobile",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  if (run.status !== 0 || !existsSync(output)) return null;
  const report = JSON.parse(readFileSync(output, "utf8"));
  return report.runtimeError ? null : report;
}

/**
 * Lighthouse varies from run to run on a shared machine, so it runs LIGHTHOUSE_RUNS times (3) and
 * the median run (by performance, then LCP) is reported, as Lighthouse's own guidance advises.
 */
function lighthouse() {
  if (!existsSync(CHROMIUM)) return console.log(`lighthouse: ${CHROMIUM} not found; skipped`);
  const reports = [];
  for (let index = 0; index < LIGHTHOUSE_RUNS; index += 1) {
    const report = lighthouseRun(index);
    if (report) reports.push(report);
  }
  if (reports.length === 0) return console.log("lighthouse: every run failed");
  const audit = (/** @type {any} */ report, /** @type {string} */ id) =>
    report.audits[id]?.numericValue ?? NaN;
  const score = (/** @type {any} */ report, /** @type {string} */ id) =>
    Math.round((report.categories[id]?.score ?? 0) * 100);
  reports.sort(
    (a, b) =>
      score(b, "performance") - score(a, "performance") ||
      audit(a, "largest-contentful-paint") - audit(b, "largest-contentful-paint"),
  );
  const report = reports[Math.floor((reports.length - 1) / 2)];
  const scripts = report.audits["network-requests"].details.items.filter(
    (/** @type {any} */ item) => item.resourceType === "Script",
  );
  const scriptBytes = scripts.reduce(
    (/** @type {number} */ sum, /** @type {any} */ item) => sum + item.transferSize,
    0,
  );
  console.log(
    `lighthouse (mobile, median of ${reports.length}): performance ${score(report, "performance")}, ` +
      `accessibility ${score(report, "accessibility")}, best practices ${score(report, "best-practices")}, ` +
      `SEO ${score(report, "seo")}; all runs' performance: ${reports.map((r) => score(r, "performance")).join(", ")}`,
  );
  console.log(
    `  FCP ${(audit(report, "first-contentful-paint") / 1000).toFixed(2)} s, ` +
      `LCP ${(audit(report, "largest-contentful-paint") / 1000).toFixed(2)} s, ` +
      `TBT ${audit(report, "total-blocking-time").toFixed(0)} ms, CLS ${audit(report, "cumulative-layout-shift").toFixed(3)}; ` +
      `JavaScript ${scripts.length} files, ${(scriptBytes / 1024).toFixed(1)} KB transferred (headers included); ` +
      `page weight ${(audit(report, "total-byte-weight") / 1024).toFixed(0)} KB`,
  );
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` first (npm run bench does).");
  }
  await startApp();
  const page = await fetch(`http://127.0.0.1:${APP_PORT}/kestrel`);
  const html = Buffer.from(await page.arrayBuffer());
  // Warm the cache, then measure both servers on the same bytes.
  const js = landingJavaScript(html.toString("utf8"));
  console.log(
    `landing page: ${html.length} bytes of HTML; JavaScript ${js.files} files, ` +
      `${(js.gzipped / 1024).toFixed(1)} KB gzipped, ${(js.brotli / 1024).toFixed(1)} KB as sent (brotli)`,
  );

  /** @type {any} */
  const app = await load(`http://127.0.0.1:${APP_PORT}/kestrel`);
  console.log(
    `kestrel: ${Math.round(app.requests.average)} req/s, p99 ${app.latency.p99} ms (${CONNECTIONS} connections, ${DURATION} s)`,
  );
  if (await startNginx(html)) {
    /** @type {any} */
    const nginx = await load(`http://127.0.0.1:${NGINX_PORT}/kestrel`);
    console.log(
      `nginx:   ${Math.round(nginx.requests.average)} req/s, p99 ${nginx.latency.p99} ms (same bytes)`,
    );
    console.log(
      `kestrel serves ${((app.requests.average / nginx.requests.average) * 100).toFixed(0)} % of nginx's requests/s`,
    );
  }
  lighthouse();
}

try {
  await main();
} finally {
  stopAll();
}
