import { type ChildProcess, spawn } from "node:child_process";
import SQLite from "better-sqlite3";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./fixtures";

// These tests start servers of their own, on their own ports and databases, and stop them by PID.

/** A start takes 7 s on a quiet machine (a primary and its workers each load the build), and
 * three times that beside the suite's browsers: the wait is for a server that never starts. */
const STARTING = 45_000;

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/start.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = await once(child, "exit");
  return code as number | null;
}

test("an invalid environment stops the start with every bad variable listed", async () => {
  const { child, output } = startServer({
    PORT: "not-a-port",
    APP_URL: "ftp://example.com",
    ADMIN_EMAILS: "admin@example.com, nope",
    DATABASE_URL: "data/e2e-env/kestrel.db",
  });
  expect(await exitOf(child)).toBe(1);
  expect(output()).toContain("Invalid environment");
  expect(output()).toContain("PORT");
  expect(output()).toContain("APP_URL");
  expect(output()).toContain("ADMIN_EMAILS");
});

test("a tenant id with no configuration stops the start", async () => {
  const { child, output } = startServer({
    TENANT_ID: "acme-unknown",
    DATABASE_URL: "data/e2e-tenant/kestrel.db",
  });
  expect(await exitOf(child)).toBe(1);
  expect(output()).toContain("Invalid environment");
  expect(output()).toContain('TENANT_ID: no tenant configuration named "acme-unknown"');
});

test("a port already in use stops the start with a clear message", async () => {
  // The suite's own server holds E2E_PORT.
  const { child, output } = startServer({
    PORT: String(E2E_PORT),
    DATABASE_URL: "data/e2e-port/kestrel.db",
  });
  expect(await exitOf(child)).toBe(1);
  expect(output()).toContain(`cannot listen on 127.0.0.1:${E2E_PORT}: the port is in use`);
});

for (const workers of [1, 2]) {
  test(`SIGTERM stops accepting, finishes, closes the database and exits 0 (${workers} process(es))`, async ({
    request,
  }) => {
    const port = 3190 + 2 * test.info().workerIndex + workers - 1;
    rmSync(`data/e2e-shutdown-${port}`, { recursive: true, force: true });
    const { child, output } = startServer({
      LOG_LEVEL: "debug",
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      DATABASE_URL: `data/e2e-shutdown-${port}/kestrel.db`,
    });
    try {
      await expect
        .poll(
          async () =>
            (await request.get(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status(),
          {
            timeout: STARTING,
          },
        )
        .toBe(200);
      // Ready answers once one process listens: the signal waits until every one does.
      const listening = () => output().match(/"msg":"server listening"/g)?.length ?? 0;
      await expect.poll(listening, { timeout: STARTING }).toBe(workers);
      const jobPasses = () => output().match(/"job":"reminders"/g)?.length ?? 0;
      // The background jobs run once at start, in one process.
      await expect.poll(jobPasses, { timeout: STARTING }).toBe(1);
      // A request under way when the signal arrives (its body still uploading) gets its answer.
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      const body = JSON.stringify({ events: [{ name: "module_viewed", path: "/training" }] });
      socket.write(
        `POST /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk));
      // The server has the request (its debug log says so) and is waiting for the rest of the body.
      await expect.poll(output).toMatch(/"path":"\/api\/events","msg":"request started"/);
      child.kill("SIGTERM");
      await expect.poll(output).toContain("shutting down");
      // Write, not end: a half-closed client socket would make Node drop the request itself.
      socket.write(body.slice(10));
      await once(socket, "close");
      expect(answer).toMatch(/^HTTP\/1\.1 202/);
      expect(await exitOf(child)).toBe(0);
      expect(output()).toContain("shutting down");
      // Every process says it listened and that it stopped; the jobs ran in one of them only.
      expect(listening()).toBe(workers);
      expect(output().match(/"msg":"server stopped"/g)).toHaveLength(workers);
      expect(jobPasses()).toBe(1);
      await expect(request.get(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
    }
  });
}

test("over HTTPS the session cookie is __Host- and Secure, and the log never shows a code", async ({
  request,
}) => {
  const port = 3170 + test.info().workerIndex;
  const database = `data/e2e-https/kestrel-${port}.db`;
  rmSync("data/e2e-https", { recursive: true, force: true });
  const { child, output } = startServer({
    PORT: String(port),
    DATABASE_URL: database,
    APP_URL: "https://learn.kestrel.example",
    SESSION_SECRET: "an-https-test-secret-that-is-long-enough-0123",
    PILOT_DOMAINS: "pilot.example",
    SMTP_URL: "",
  });
  const base = `http://127.0.0.1:${port}`;
  // The browser is on APP_URL; its posts name that origin.
  const origin = "https://learn.kestrel.example";
  const post = (form: Record<string, string>) =>
    request.post(`${base}/login`, { form, headers: { Origin: origin }, maxRedirects: 0 });
  try {
    await expect
      .poll(async () => (await request.get(`${base}/readyz`).catch(() => null))?.status(), {
        timeout: STARTING,
      })
      .toBe(200);
    const email = "mei@pilot.example";
    expect((await post({ intent: "request-code", email })).status()).toBe(200);
    // No SMTP: the outbox holds the mail, and the log only says a code went there.
    let code = "";
    await expect
      .poll(() => {
        const db = new SQLite(database, { readonly: true, fileMustExist: true });
        try {
          const row = db.prepare("select body from outbox order by id desc limit 1").get() as
            { body: string } | undefined;
          code = /sign-in code is (\d{6})/.exec(row?.body ?? "")?.[1] ?? "";
          return code;
        } finally {
          db.close();
        }
      })
      .toMatch(/^\d{6}$/);
    const wrong = await post({
      intent: "verify-code",
      email,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status()).toBe(400);
    const signedIn = await post({ intent: "verify-code", email, code });
    expect(signedIn.status()).toBe(302);
    const cookie = signedIn
      .headersArray()
      .find((header) => header.name.toLowerCase() === "set-cookie")?.value;
    expect(cookie).toMatch(/^__Host-kestrel\.session=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/Domain=/i);
    await expect.poll(output).toContain('"event":"sign_in.succeeded"');
    const session = cookie?.split(";")[0] ?? "";
    const signedOut = await request.post(`${base}/logout`, {
      headers: { Origin: origin, Cookie: session },
      maxRedirects: 0,
    });
    expect(signedOut.status()).toBe(302);
    // Every step is a structured event: asked, failed, succeeded, signed out.
    for (const event of [
      "sign_in.code_requested",
      "sign_in.failed",
      "sign_in.succeeded",
      "sign_out",
    ]) {
      await expect.poll(output).toContain(`"event":"${event}"`);
    }
    expect(output()).toContain("sign-in code written to the outbox");
    expect(output()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  } finally {
    child.kill("SIGKILL");
  }
});

test("a client's mistake is logged as a warning with its request id, never as an error", async ({
  request,
}) => {
  const port = 3180 + test.info().workerIndex;
  rmSync(`data/e2e-levels-${port}`, { recursive: true, force: true });
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = startServer({
    PORT: String(port),
    APP_URL: base,
    DATABASE_URL: `data/e2e-levels-${port}/kestrel.db`,
  });
  try {
    await expect
      .poll(async () => (await request.get(`${base}/readyz`).catch(() => null))?.status(), {
        timeout: STARTING,
      })
      .toBe(200);
    // A form posted to a page that takes none.
    const posted = await request.post(`${base}/privacy`, {
      form: { anything: "1" },
      headers: { Origin: base },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(405);
    await expect.poll(output).toMatch(/"level":40[^\n]*"status":405[^\n]*"msg":"request refused"/);
    const refused = output()
      .split("\n")
      .find((line) => line.includes('"msg":"request refused"'));
    expect(refused).toMatch(/"requestId":"[^"]+"/);
    expect(output()).not.toMatch(/"level":50/);
  } finally {
    child.kill("SIGKILL");
  }
});
