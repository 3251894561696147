import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getServerSecret } from "~/platform/lib/server-secret.server";
import { getAuth } from "./auth.server";
import { totp } from "../../../tests/totp";
import { sessionCookie, signInForTest } from "../../../tests/integration/auth";
import { type RouteAnswer, answerOf } from "../../../tests/integration/call-action";
import { SESSION_ABSOLUTE_SECONDS } from "./constants";
import { startTotpSetup, verifyTotp, TOTP_RATE_LIMIT } from "./second-factor.server";
import { getAuthState, requireAdmin, requireUser, returnPath } from "./session.server";

// Guards and sessions on a real database: who gets in, who is sent where.

/** Signs a fresh pilot in (an admin without a second factor yet) and answers the cookie. */
const signedIn = (role: "learner" | "admin" = "learner") =>
  signInForTest("person", { admin: role === "admin" });

const requestWith = (cookie: string, path = "/admin/waitlist?page=2") =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });

/** The signed-in user and session of a request (the test fails if there is none). */
async function signedInState(request: Request) {
  const { user, session } = await getAuthState(request);
  if (!user || !session) throw new Error("expected a signed-in request");
  return { user, session };
}

/** What a guard threw (the test fails if it let the request through). */
async function thrownBy(guard: Promise<unknown>): Promise<RouteAnswer> {
  let passed = false;
  const answer = await answerOf(async () => {
    await guard;
    passed = true;
  });
  if (passed) throw new Error("expected the guard to throw");
  return answer;
}

describe("requireUser / requireAdmin", () => {
  it("sends a visitor to /login with the way back", async () => {
    const response = await thrownBy(requireUser(new Request("http://localhost/app?tab=2")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fapp%3Ftab%3D2");
  });

  it("answers a learner 403 on the admin area", async () => {
    const { cookie } = await signedIn();
    expect((await thrownBy(requireAdmin(requestWith(cookie)))).status).toBe(403);
  });

  it("sends an admin without a verified second factor to set one up, then lets them in", async () => {
    const { cookie } = await signedIn("admin");
    const before = await thrownBy(requireAdmin(requestWith(cookie)));
    expect(before.headers.get("Location")).toBe(
      "/admin/security?redirectTo=%2Fadmin%2Fwaitlist%3Fpage%3D2",
    );
    const setup = await startTotpSetup(requestWith(cookie));
    expect(setup.totpUri).toMatch(/^otpauth:\/\/totp\//);

    const state = await signedInState(requestWith(cookie));
    const wrong = totp(setup.secret) === "000000" ? "111111" : "000000";
    expect(await verifyTotp(requestWith(cookie), state.user, state.session, wrong)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const verdict = await verifyTotp(
      requestWith(cookie),
      state.user,
      state.session,
      totp(setup.secret),
    );
    expect(verdict.ok).toBe(true);
    // Enrolment replaces the session: the new cookie is the one that proved the factor.
    const renewed = verdict.ok
      ? sessionCookie(new Response(null, { headers: verdict.headers }))
      : "";
    expect(renewed).toMatch(/^kestrel\.session=/);
    const { user } = await requireAdmin(requestWith(renewed));
    expect(user.twoFactorEnabled).toBe(true);
    // A new session of the same admin must prove it again.
    const next = await signedIn("admin");
    expect((await thrownBy(requireAdmin(requestWith(next.cookie)))).status).toBe(302);
  });

  it("limits TOTP tries per admin", async () => {
    const { cookie } = await signedIn("admin");
    const setup = await startTotpSetup(requestWith(cookie));
    const state = await signedInState(requestWith(cookie));
    const wrong = totp(setup.secret) === "000000" ? "111111" : "000000";
    for (let i = 0; i < TOTP_RATE_LIMIT.limit; i += 1) {
      await verifyTotp(requestWith(cookie), state.user, state.session, wrong);
    }
    const verdict = await verifyTotp(
      requestWith(cookie),
      state.user,
      state.session,
      totp(setup.secret),
    );
    expect(verdict).toMatchObject({ ok: false, reason: "rate_limited" });
  });
});

describe("returnPath", () => {
  it.each([
    ["/app?tab=2", "/app?tab=2"],
    ["/admin.data?_routes=routes%2Fadmin", "/admin"],
    ["/admin/waitlist.data?q=x&_routes=a%2Cb", "/admin/waitlist?q=x"],
    ["/_root.data", "/"],
    ["/courses/_.data", "/courses/"],
  ])("%s comes back as %s", (path, expected) => {
    expect(returnPath(new Request(`http://localhost${path}`))).toBe(expected);
  });
});

describe("sessions", () => {
  it("end at the absolute cap however recently they were used", async () => {
    const { cookie } = await signedIn();
    const old = new Date(Date.now() - (SESSION_ABSOLUTE_SECONDS + 60) * 1000).toISOString();
    await getDb().updateTable("session").set({ created_at: old }).execute();
    const state = await getAuthState(requestWith(cookie, "/app"));
    expect(state.user).toBeNull();
    expect(await getDb().selectFrom("session").select("id").execute()).toEqual([]);
  });

  it("roll forward on use, but never past the cap", async () => {
    const { cookie } = await signedIn();
    const createdAt = Date.now() - (SESSION_ABSOLUTE_SECONDS - 3600) * 1000;
    const stale = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await getDb()
      .updateTable("session")
      .set({
        created_at: new Date(createdAt).toISOString(),
        updated_at: stale,
        expires_at: new Date(Date.now() + 3600 * 1000 - 5000).toISOString(),
      })
      .execute();
    const state = await getAuthState(requestWith(cookie, "/app"));
    expect(state.user).not.toBeNull();
    const row = await getDb().selectFrom("session").select("expires_at").executeTakeFirstOrThrow();
    const expires = new Date(row.expires_at).getTime();
    expect(expires).toBeLessThanOrEqual(createdAt + SESSION_ABSOLUTE_SECONDS * 1000 + 1000);
  });

  it("is anonymous for a forged or unknown cookie", async () => {
    for (const cookie of ["kestrel.session=forged.value", "kestrel.session=", "other=1"]) {
      expect((await getAuthState(requestWith(cookie, "/app"))).user).toBeNull();
    }
  });

  it("read what better-auth reads, field for field, with no cookie to send", async () => {
    const { cookie } = await signInForTest("fresh", { admin: true, secondFactor: true });
    const request = requestWith(cookie, "/app");
    const { user, session } = await signedInState(request);
    const state = await getAuthState(request);
    expect(state.headers.getSetCookie()).toEqual([]);
    const theirs = await getAuth().api.getSession({ headers: request.headers });
    expect(theirs).not.toBeNull();
    expect(user).toMatchObject({ id: theirs?.user.id, email: theirs?.user.email, role: "admin" });
    expect(session).toMatchObject({
      id: theirs?.session.id,
      token: theirs?.session.token,
      createdAt: new Date(theirs?.session.createdAt ?? 0),
      expiresAt: new Date(theirs?.session.expiresAt ?? 0),
    });
    expect(session.secondFactorAt).toBeInstanceOf(Date);
  });

  it("see a change of role, a removed session and an expired one at once", async () => {
    const { cookie, email } = await signedIn();
    await getDb().updateTable("user").set({ role: "admin" }).where("email", "=", email).execute();
    // An administrator's account at once; an administrator's powers once the second factor is proved.
    expect((await signedInState(requestWith(cookie, "/app"))).user).toMatchObject({
      adminAccount: true,
      role: "learner",
    });
    await getDb()
      .updateTable("session")
      .set({ second_factor_at: new Date().toISOString() })
      .execute();
    expect((await signedInState(requestWith(cookie, "/app"))).user.role).toBe("admin");

    const past = new Date(Date.now() - 60_000).toISOString();
    await getDb().updateTable("session").set({ expires_at: past }).execute();
    const expired = await getAuthState(requestWith(cookie, "/app"));
    expect(expired.user).toBeNull();
    // The browser is told to drop the dead cookie.
    expect(expired.headers.getSetCookie().join()).toMatch(/kestrel\.session=;.*Max-Age=0/);

    const again = await signedIn();
    await getDb().deleteFrom("session").execute();
    expect((await getAuthState(requestWith(again.cookie, "/app"))).user).toBeNull();
  });

  it("trust only a cookie signed with the server's secret", async () => {
    const { cookie } = await signedIn();
    const token = decodeURIComponent(cookie.slice("kestrel.session=".length)).split(".")[0] ?? "";
    const sign = (secret: string) =>
      `kestrel.session=${encodeURIComponent(
        `${token}.${createHmac("sha256", secret).update(token).digest("base64")}`,
      )}`;
    expect((await getAuthState(requestWith(sign(getServerSecret()), "/app"))).user).not.toBeNull();
    for (const forged of [sign("another secret"), `kestrel.session=${token}`, `${cookie}x`]) {
      expect((await getAuthState(requestWith(forged, "/app"))).user).toBeNull();
    }
    // A signature of the right form for a token the database does not hold.
    const unknown = `kestrel.session=${encodeURIComponent(
      `no-such-token.${createHmac("sha256", getServerSecret()).update("no-such-token").digest("base64")}`,
    )}`;
    expect((await getAuthState(requestWith(unknown, "/app"))).user).toBeNull();
  });
});
