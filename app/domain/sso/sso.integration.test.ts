import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureOrganisation } from "~/domain/compliance/index.server";
import { addAllowlistEntry, getAuthState } from "~/platform/auth/index.server";
import { getDb } from "~/platform/db/db.server";
import { action as loginAction } from "~/routes/login";
import { loader as callbackLoader } from "~/routes/sso.callback";
import {
  answerOf,
  callAction,
  contextFor,
  pageRequest,
} from "../../../tests/integration/call-action";
import {
  type HostileIssuer,
  type HostileMode,
  type RunningProvider,
  signInAtProvider,
  startHostileIssuer,
  startOidcProvider,
} from "../../../tests/integration/oidc";
import { listSsoEvents, saveSsoSettings, testSsoConnection } from "./index.server";
import { SsoSettingsSchema } from "./forms";
import { SSO_START_LIMIT, ssoRedirectUri } from "./sign-in.server";

// Single sign-on end to end (decision 048): the login page, the real `oidc-provider`'s login and
// consent pages, the callback, and the session every guard reads; then a hostile issuer's tokens,
// each of which must leave the browser signed out with the reason in the audit trail.

const CLIENT = {
  clientId: "kestrel",
  clientSecret: "a client secret of at least thirty-two characters",
};
const REDIRECT_URI = ssoRedirectUri();
let real: RunningProvider;
let hostile: HostileIssuer;
let ip = 0;

beforeAll(async () => {
  real = await startOidcProvider({
    ...CLIENT,
    redirectUri: REDIRECT_URI,
    people: [
      {
        email: "ana@bank.example",
        name: "Ana Lim",
        groups: ["Tellers", "Branch 12", "Nobody made this"],
      },
      { email: "ben@bank.example", name: "Ben Tan", emailVerified: false },
    ],
  });
  hostile = await startHostileIssuer(CLIENT);
});
afterAll(async () => {
  await real?.close();
  await hostile?.close();
});

let bankId = 0;
async function configure(issuer: string, emailCodes: "allowed" | "forbidden" = "allowed") {
  const bank = await ensureOrganisation("Bank of Example");
  bankId = bank.id;
  const input = SsoSettingsSchema.parse({
    organisation: bank.name,
    issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    domains: "bank.example",
    emailCodes,
  });
  expect(await saveSsoSettings(input, "root@kestrel.test")).toEqual({ ok: true });
  return bank;
}

/** The login page's first step for `email`: the answer (a redirect to the provider, or a reply). */
async function startAt(email: string, redirectTo = "/training/compliance") {
  ip += 1;
  const body = new URLSearchParams({ intent: "request-code", email, redirectTo });
  return callAction(loginAction, pageRequest("/login", { body }), `198.51.100.${ip}`);
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0] ?? "";

async function callback(url: string, cookie: string) {
  return answerOf(() =>
    callbackLoader({
      request: new Request(url, { headers: { Cookie: cookie } }),
      context: contextFor("198.51.100.200"),
      params: {},
    } as never),
  );
}

/** Who the session cookie of an answer signs in, if anyone. */
async function signedInAs(response: Response): Promise<string | null> {
  const session = cookieOf(response, "kestrel.session");
  if (!session) return null;
  const state = await getAuthState(
    new Request("http://localhost/app", { headers: { Cookie: session } }),
  );
  return state.user?.email ?? null;
}

describe("through the real provider", () => {
  beforeEach(async () => {
    const bank = await configure(real.issuer);
    await getDb()
      .insertInto("member_group")
      .values(
        (["team Tellers", "location Branch 12"] as const).map((group) => ({
          organisation_id: bank.id,
          kind: group.startsWith("team") ? ("team" as const) : ("location" as const),
          name: group.slice(group.indexOf(" ") + 1),
          created_at: new Date().toISOString(),
          created_by: "root@kestrel.test",
        })),
      )
      .execute();
  });

  it("sends the email's owner to the provider, back with a session in the named groups, on the page they wanted", async () => {
    const start = await startAt("Ana@Bank.Example");
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get("location") ?? "");
    expect(location.origin).toBe(real.issuer);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
    // The verifier never leaves the server: only its S256 challenge does.
    const stored = await getDb()
      .selectFrom("sso_login_state")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(location.toString()).not.toContain(stored.code_verifier);

    const back = await signInAtProvider(location.toString(), REDIRECT_URI, "ana@bank.example");
    const done = await callback(back, cookieOf(start, "kestrel-sso"));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/training/compliance");
    expect(await signedInAs(done)).toBe("ana@bank.example");

    const user = await getDb()
      .selectFrom("user")
      .select(["id", "name", "role"])
      .where("email", "=", "ana@bank.example")
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: "Ana Lim", role: "learner" });
    const member = await getDb()
      .selectFrom("organisation_member")
      .select("organisation_id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(Number(member.organisation_id)).toBe(bankId);
    const groups = await getDb()
      .selectFrom("member_group_member")
      .innerJoin("member_group", "member_group.id", "member_group_member.group_id")
      .select("member_group.name")
      .where("member_group_member.user_id", "=", user.id)
      .orderBy("member_group.name")
      .execute();
    expect(groups.map((group) => group.name)).toEqual(["Branch 12", "Tellers"]);
    // Unknown group names are not made into groups.
    expect(
      await getDb()
        .selectFrom("member_group")
        .select("name")
        .where("name", "=", "Nobody made this")
        .execute(),
    ).toEqual([]);

    const [event] = await listSsoEvents(1);
    expect(event).toMatchObject({
      kind: "sign_in.succeeded",
      actor: "ana@bank.example",
      organisationName: "Bank of Example",
    });
    expect(event?.detail).toContain("account created");
    expect(event?.detail).toContain("no such group (ignored): Nobody made this");

    // The state was single use: the same answer from the provider again opens nothing.
    const replay = await callback(back, cookieOf(start, "kestrel-sso"));
    expect(replay.headers.get("location")).toBe("/login?sso=failed");
    expect(await signedInAs(replay)).toBeNull();
    expect((await listSsoEvents(1))[0]).toMatchObject({
      kind: "sign_in.failed",
      detail: expect.stringContaining("state_unknown"),
    });
  });

  it("refuses an email the provider has not verified", async () => {
    const start = await startAt("ben@bank.example");
    const back = await signInAtProvider(
      start.headers.get("location") ?? "",
      REDIRECT_URI,
      "ben@bank.example",
    );
    const done = await callback(back, cookieOf(start, "kestrel-sso"));
    expect(done.headers.get("location")).toBe("/login?sso=failed");
    expect(await signedInAs(done)).toBeNull();
    expect((await listSsoEvents(1))[0]?.detail).toBe("email_not_verified");
  });

  it("refuses a callback whose state is not this browser's (a stolen or forged link)", async () => {
    const start = await startAt("ana@bank.example");
    const back = await signInAtProvider(
      start.headers.get("location") ?? "",
      REDIRECT_URI,
      "ana@bank.example",
    );
    const stranger = await callback(back, "");
    expect(stranger.headers.get("location")).toBe("/login?sso=failed");
    expect((await listSsoEvents(1))[0]?.detail).toBe("state_mismatch");
    // The owner's browser still finishes: the stranger did not use the state up.
    const owner = await callback(back, cookieOf(start, "kestrel-sso"));
    expect(await signedInAs(owner)).toBe("ana@bank.example");
  });

  it("tests the connection: discovery and keys found, reported plainly and audited", async () => {
    const report = await testSsoConnection(bankId, "root@kestrel.test");
    expect(report?.ok).toBe(true);
    expect(report?.steps.map((step) => step.label)).toEqual([
      "Discovery",
      "Signing keys",
      "Client secret",
    ]);
    expect(report?.steps[1]?.detail).toMatch(/^1 published at .*\(RSA\)$/);
    expect((await listSsoEvents(1))[0]).toMatchObject({
      kind: "connection.tested",
      actor: "root@kestrel.test",
    });
  });

  it("stores the client secret encrypted, never as given", async () => {
    const row = await getDb()
      .selectFrom("organisation_sso")
      .select("client_secret")
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^v1\./);
    expect(row.client_secret).not.toContain(CLIENT.clientSecret);
    const events = await listSsoEvents();
    expect(JSON.stringify(events)).not.toContain(CLIENT.clientSecret);
  });
});

describe("against a hostile issuer", () => {
  beforeEach(async () => {
    await configure(hostile.issuer);
  });

  async function attempt(mode: HostileMode) {
    hostile.mode = mode;
    const start = await startAt("ana@bank.example");
    expect(start.status).toBe(302);
    const sent = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const done = await callback(sent.headers.get("location") ?? "", cookieOf(start, "kestrel-sso"));
    return {
      done,
      user: await signedInAs(done),
      detail: (await listSsoEvents(1))[0]?.detail ?? "",
    };
  }

  it("accepts its honest token (the control), and one expired by less than the allowed skew", async () => {
    expect((await attempt("valid")).user).toBe("ana@bank.example");
    expect((await attempt("expired-within-skew")).user).toBe("ana@bank.example");
  });

  it.each([
    ["wrong-nonce", "id_token_nonce_invalid"],
    ["wrong-issuer", "id_token_iss_invalid"],
    ["wrong-audience", "id_token_aud_invalid"],
    ["expired", "id_token_expired"],
    ["issued-long-ago", "id_token_too_old"],
    ["alg-none", "id_token_alg_refused"],
    ["unpublished-key", "id_token_key_unknown"],
    ["forged-signature", "id_token_signature_invalid"],
    ["hmac-with-secret", "id_token_alg_refused"],
    ["foreign-domain", "email_domain_not_allowed"],
    ["email-unverified", "email_not_verified"],
  ] as const)("refuses %s: no session, the reason audited", async (mode, reason) => {
    const { done, user, detail } = await attempt(mode);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?sso=failed");
    expect(user).toBeNull();
    expect(detail.startsWith(reason)).toBe(true);
    expect(await getDb().selectFrom("session").select("id").execute()).toEqual([]);
  });

  it("refuses a replayed state even with its browser's cookie", async () => {
    hostile.mode = "valid";
    const start = await startAt("ana@bank.example");
    const sent = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const back = sent.headers.get("location") ?? "";
    expect(await signedInAs(await callback(back, cookieOf(start, "kestrel-sso")))).toBe(
      "ana@bank.example",
    );
    const again = await callback(back, cookieOf(start, "kestrel-sso"));
    expect(again.headers.get("location")).toBe("/login?sso=failed");
    expect(await signedInAs(again)).toBeNull();
  });

  it("refuses a state past its ten minutes", async () => {
    hostile.mode = "valid";
    const start = await startAt("ana@bank.example");
    await getDb()
      .updateTable("sso_login_state")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const sent = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const done = await callback(sent.headers.get("location") ?? "", cookieOf(start, "kestrel-sso"));
    expect(await signedInAs(done)).toBeNull();
    expect((await listSsoEvents(1))[0]?.detail).toBe("state_expired");
  });

  it("limits the sign-ins one address starts (each keeps a row until it comes back)", async () => {
    hostile.mode = "valid";
    const body = new URLSearchParams({ intent: "request-code", email: "ana@bank.example" });
    for (let started = 0; started < SSO_START_LIMIT.limit; started += 1) {
      const answer = await callAction(loginAction, pageRequest("/login", { body }), "203.0.113.99");
      expect(answer.status).toBe(302);
    }
    const refused = await callAction(loginAction, pageRequest("/login", { body }), "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({
      step: "email",
      ok: false,
      error: { code: "rate_limited" },
    });
  });

  it("answers hostile callback values with the sign-in page, never an error page", async () => {
    for (const query of [
      "",
      "?state=x",
      "?state=" + "A".repeat(43),
      "?code=c&state=%00%FF",
      "?error=access_denied&state=" + "B".repeat(43),
    ]) {
      const done = await callback(`${REDIRECT_URI}${query}`, `kestrel-sso=${"x".repeat(5000)}`);
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/login?sso=failed");
    }
  });
});

describe("email codes", () => {
  it("are refused to an organisation that forbids them, by its allowlist entry too", async () => {
    await configure(hostile.issuer, "forbidden");
    await addAllowlistEntry(
      { kind: "email", value: "contractor@partner.example", organisation: "Bank of Example" },
      "root@kestrel.test",
    );
    const refused = await startAt("contractor@partner.example");
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({
      step: "email",
      ok: false,
      error: { message: "common:auth.sso.codesForbidden" },
    });
    const verify = await callAction(
      loginAction,
      pageRequest("/login", {
        body: new URLSearchParams({
          intent: "verify-code",
          email: "ana@bank.example",
          code: "123456",
        }),
      }),
      "198.51.100.250",
    );
    expect(verify.status).toBe(403);
    expect(await getDb().selectFrom("outbox").select("id").execute()).toEqual([]);
  });

  it("remain for organisations without single sign-on", async () => {
    await addAllowlistEntry({ kind: "domain", value: "plain.example" }, "root@kestrel.test");
    const answer = await startAt("someone@plain.example");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ step: "code" });
  });

  it("stand in when the provider cannot be reached, if the organisation allows them", async () => {
    await configure("http://127.0.0.1:9/unreachable");
    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "root@kestrel.test");
    const answer = await startAt("ana@bank.example");
    expect(answer.data).toMatchObject({ step: "code" });
    expect((await listSsoEvents(1))[0]?.detail).toMatch(/^discovery_unreachable/);
  });
});
