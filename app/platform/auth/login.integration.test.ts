import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { addAllowlistEntry, getAuthState, SIGN_IN_RATE_LIMITS } from "~/platform/auth/index.server";
import { type RouteAnswer, callAction } from "../../../tests/integration/call-action";
import { lastOutboxId, latestSignInCode, sessionCookie } from "../../../tests/integration/auth";
import { action } from "~/routes/login";

// POST /login as a browser (or a script) meets it, on a real database: codes, sessions, limits.
let ipCounter = 0;
const freshIp = () => `192.0.2.${(ipCounter += 1)}`;
let emailCounter = 0;
const pilotEmail = () => `pilot${(emailCounter += 1)}-${Date.now()}@bank.example`;

/** The action's answer as the client gets it: a redirect, or data() with its status and headers. */
function post(fields: Record<string, string>, ip = freshIp()): Promise<RouteAnswer> {
  const request = new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return callAction(action, request, ip);
}

const reply = (response: RouteAnswer) => (response.data ?? {}) as Record<string, unknown>;

async function allowBank() {
  await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
}

async function askCode(email: string, ip?: string): Promise<string> {
  const after = await lastOutboxId();
  const response = await post({ intent: "request-code", email }, ip);
  expect(reply(response)).toMatchObject({ step: "code", email });
  return latestSignInCode(email, after);
}

const verify = (email: string, code: string, ip?: string, redirectTo?: string) =>
  post({ intent: "verify-code", email, code, ...(redirectTo && { redirectTo }) }, ip);

function formErrors(response: RouteAnswer): string[] {
  const result = reply(response).result as { error?: Record<string, string[]> } | undefined;
  return result?.error?.[""] ?? [];
}

describe("POST /login: asking for a code", () => {
  it("mails an allowlisted email a 6-digit code and stores only its hash", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await getDb().selectFrom("verification").select(["identifier", "value"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).toBe(`sign-in-otp-${email}`);
    expect(rows[0]?.value).not.toContain(code);
  });

  it("sends an email outside the pilot to the waitlist, mailing nothing", async () => {
    await allowBank();
    const response = await post({ intent: "request-code", email: "Someone@Elsewhere.example" });
    expect(response.status).toBe(200);
    expect(reply(response)).toEqual({
      step: "waitlist",
      email: "someone@elsewhere.example",
      ok: true,
    });
    expect(await getDb().selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("answers known and unknown accounts alike, after the same verification time", async () => {
    await allowBank();
    const known = pilotEmail();
    await verify(known, await askCode(known)).catch(() => undefined);
    const unknown = pilotEmail();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await post({ intent: "request-code", email });
      return { ms: performance.now() - started, body: reply(response), status: response.status };
    };
    const [a, b] = [await timed(known), await timed(unknown)];
    expect(a.status).toBe(b.status);
    expect(a.body.step).toBe("code");
    expect(b.body.step).toBe("code");
    // SPEC §9: verification takes about a second, whatever the server found.
    for (const { ms } of [a, b]) expect(ms).toBeGreaterThanOrEqual(990);
  });

  it.each([
    ["missing", {}],
    ["malformed", { email: "not an email" }],
    ["with spaces", { email: "mei tan@bank.example" }],
    ["oversized", { email: `${"a".repeat(300)}@bank.example` }],
    ["hostile", { email: "<script>alert(1)</script>@bank.example" }],
  ])("refuses a %s email with the field message", async (_, fields) => {
    const response = await post({ intent: "request-code", ...fields });
    expect(response.status).toBe(400);
    const result = reply(response).result as { error: Record<string, string[]> };
    expect(result.error.email?.[0]).toMatch(/^validation:/);
  });

  it("limits code requests per browser, then per email across browsers", async () => {
    await allowBank();
    const email = pilotEmail();
    // One address with no cookie is one browser: five codes, then wait.
    const ip = freshIp();
    for (let i = 0; i < SIGN_IN_RATE_LIMITS.codePerClient.limit; i += 1) {
      expect((await post({ intent: "request-code", email }, ip)).status).toBe(200);
    }
    const refused = await post({ intent: "request-code", email }, ip);
    expect(refused.status).toBe(429);
    expect(reply(refused)).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(formErrors(refused)).toEqual(["errors:rate_limited"]);
    // Other browsers may ask until the email's own ceiling.
    const others = SIGN_IN_RATE_LIMITS.codePerEmail.limit - SIGN_IN_RATE_LIMITS.codePerClient.limit;
    const allowed = await Promise.all(
      Array.from({ length: others }, () => post({ intent: "request-code", email })),
    );
    expect(allowed.map((response) => response.status)).toEqual(Array(others).fill(200));
    expect((await post({ intent: "request-code", email })).status).toBe(429);
  });

  it("keeps no email or address in its rate-limit counters", async () => {
    await allowBank();
    const email = pilotEmail();
    const ip = freshIp();
    const code = await askCode(email, ip);
    await verify(email, "123456", ip);
    const keys = await getDb().selectFrom("rate_limit").select("key").execute();
    // Per browser, per email and per address, for the code and for its check; and the code's tries.
    expect(keys).toHaveLength(7);
    for (const { key } of keys) {
      expect(key).not.toContain(email.split("@")[0]);
      expect(key).not.toContain("bank.example");
      expect(key).not.toContain(ip);
      expect(key).not.toContain(code);
    }
  });
});

describe("POST /login: entering the code", () => {
  it("opens a session for the right code and redirects where the visitor was going", async () => {
    await allowBank();
    const email = pilotEmail();
    const response = await verify(email, await askCode(email), undefined, "/courses/esg-ai-ethics");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/courses/esg-ai-ethics");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("kestrel.session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    const state = await getAuthState(
      new Request("http://localhost/app", { headers: { Cookie: sessionCookie(response) } }),
    );
    expect(state.user).toMatchObject({ email, role: "learner" });
  });

  it("never redirects to another site", async () => {
    await allowBank();
    const email = pilotEmail();
    const response = await verify(email, await askCode(email), undefined, "//evil.example/x");
    expect(response.headers.get("Location")).toBe("/app");
  });

  it("refuses a wrong code, and a used code a second time", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    const wrong = await verify(email, code === "000000" ? "000001" : "000000");
    expect(wrong.status).toBe(400);
    expect(formErrors(wrong)).toEqual(["common:auth.errors.invalidCode"]);
    expect(reply(wrong)).toMatchObject({
      ok: false,
      error: { code: "validation", message: "common:auth.errors.invalidCode" },
    });
    expect((await verify(email, code)).status).toBe(302);
    const reused = await verify(email, code);
    expect(reused.status).toBe(400);
    expect(formErrors(reused)).toEqual(["common:auth.errors.invalidCode"]);
  });

  it("refuses an expired code", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    await getDb()
      .updateTable("verification")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const response = await verify(email, code);
    expect(response.status).toBe(400);
    expect(formErrors(response)).toEqual(["common:auth.errors.expiredCode"]);
  });

  it("kills a code after 5 wrong tries: even the right one no longer works", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    const wrong = code === "000000" ? "999999" : "000000";
    for (let i = 0; i < 5; i += 1) {
      expect(formErrors(await verify(email, wrong))).toEqual(["common:auth.errors.invalidCode"]);
    }
    const locked = await verify(email, code);
    expect(locked.status).toBe(400);
    expect(formErrors(locked)).toEqual(["common:auth.errors.tooManyAttempts"]);
    expect(locked.headers.getSetCookie()).toEqual([]);
  });

  it("counts tries at once: of 30 wrong codes sent together, at most 5 are judged, and the code dies", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    const wrong = code === "000000" ? "999999" : "000000";
    const answers = await Promise.all(Array.from({ length: 30 }, () => verify(email, wrong)));
    const errors = answers.map((answer) => formErrors(answer)[0]);
    expect(
      errors.filter((error) => error === "common:auth.errors.invalidCode").length,
    ).toBeLessThanOrEqual(5);
    expect(
      errors.filter((error) => error === "common:auth.errors.tooManyAttempts").length,
    ).toBeGreaterThanOrEqual(25);
    const late = await verify(email, code);
    expect(late.status).toBe(400);
    expect(formErrors(late)).toEqual(["common:auth.errors.tooManyAttempts"]);
  });

  it("limits verifications per email across codes and addresses", async () => {
    await allowBank();
    const email = pilotEmail();
    for (let i = 0; i < SIGN_IN_RATE_LIMITS.verifyPerEmail.limit; i += 1) {
      await verify(email, "123456");
    }
    const refused = await verify(email, "123456");
    expect(refused.status).toBe(429);
    expect(formErrors(refused)).toEqual(["errors:rate_limited"]);
  });

  it("refuses a malformed code before it reaches the code store", async () => {
    await allowBank();
    for (const code of ["", "12345", "1234567", "abcdef", "<b>1</b>"]) {
      const response = await verify(pilotEmail(), code);
      expect(response.status).toBe(400);
    }
  });

  it("refuses a code once the email has left the allowlist", async () => {
    await allowBank();
    const email = pilotEmail();
    const code = await askCode(email);
    await getDb().deleteFrom("pilot_allowlist").execute();
    const response = await verify(email, code);
    expect(response.status).toBe(403);
    expect(reply(response)).toEqual({
      step: "waitlist",
      email,
      ok: false,
      error: { code: "forbidden", message: "errors:forbidden" },
    });
  });
});

describe("POST /login: a new code", () => {
  it("replaces the one sent before", async () => {
    await allowBank();
    const email = pilotEmail();
    const first = await askCode(email);
    const second = await askCode(email);
    if (first !== second) {
      const old = await verify(email, first);
      expect(old.status).toBe(400);
    }
    expect((await verify(email, second)).status).toBe(302);
  });
});
