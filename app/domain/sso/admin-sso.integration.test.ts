import { describe, expect, it } from "vitest";
import { ensureOrganisation } from "~/domain/compliance/index.server";
import { getDb } from "~/platform/db/db.server";
import { action, loader } from "~/routes/admin.sso";
import { signInForTest } from "../../../tests/integration/auth";
import {
  answerOf,
  callAction,
  contextFor,
  pageRequest,
} from "../../../tests/integration/call-action";
import { listSsoEvents } from "./index.server";
import { openSecret } from "./secret-box.server";

// The single sign-on settings form answers as every admin form does: the one refusal naming the
// field, what was typed kept (the secret never echoed), and an audit line for every change.

const post = (cookie: string, fields: Record<string, string>) =>
  callAction(
    action,
    pageRequest("/admin/sso", { cookie, body: new URLSearchParams(fields) }),
    "192.0.2.41",
  );

async function setUp() {
  const { cookie } = await signInForTest("sso-admin", { admin: true, secondFactor: true });
  const bank = await ensureOrganisation("Bank of Example");
  const valid = {
    intent: "save",
    organisation: "Bank of Example",
    issuer: "https://login.bank.example/realms/staff/.well-known/openid-configuration",
    clientId: "kestrel",
    clientSecret: "s3cret-value-from-the-provider",
    domains: "Bank.Example, @bank.example.sg",
    nameClaim: "",
    emailClaim: "",
    groupsClaim: "roles",
    emailCodes: "forbidden",
  };
  return { cookie, bank, valid };
}

describe("the single sign-on settings form", () => {
  it("saves settings, encrypts the secret, keeps it when left blank, and audits each change", async () => {
    const { cookie, bank, valid } = await setUp();
    const saved = await post(cookie, valid);
    expect(saved.data).toMatchObject({ intent: "save", ok: true });
    const row = await getDb().selectFrom("organisation_sso").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      issuer: "https://login.bank.example/realms/staff",
      name_claim: "name",
      email_claim: "email",
      groups_claim: "roles",
      email_codes: "forbidden",
    });
    expect(row.client_secret).not.toContain("s3cret");
    expect(openSecret(row.client_secret, bank.id)).toBe("s3cret-value-from-the-provider");
    // Sealed for this organisation: copied onto another, it does not open.
    expect(openSecret(row.client_secret, bank.id + 1)).toBeNull();
    const domains = await getDb()
      .selectFrom("organisation_sso_domain")
      .select("domain")
      .orderBy("domain")
      .execute();
    expect(domains.map((domain) => domain.domain)).toEqual(["bank.example", "bank.example.sg"]);

    const edited = await post(cookie, {
      ...valid,
      clientSecret: "",
      clientId: "kestrel-2",
      emailCodes: "allowed",
    });
    expect(edited.data).toMatchObject({ ok: true });
    const after = await getDb()
      .selectFrom("organisation_sso")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(openSecret(after.client_secret, bank.id)).toBe("s3cret-value-from-the-provider");
    const [change, first] = await listSsoEvents();
    expect(change).toMatchObject({
      kind: "settings.saved",
      actor: expect.stringMatching(/^sso-admin/),
    });
    expect(change?.detail).toBe("client id kestrel → kestrel-2; email codes forbidden → allowed");
    expect(first?.detail).toMatch(
      /^configured: issuer https:\/\/login\.bank\.example\/realms\/staff/,
    );
    expect(JSON.stringify(await listSsoEvents())).not.toContain("s3cret");

    const page = await answerOf(() =>
      loader({
        request: pageRequest("/admin/sso", { cookie }),
        context: contextFor("192.0.2.41"),
        params: {},
      } as never),
    );
    expect(page.data).toMatchObject({
      settings: [{ organisationName: "Bank of Example", clientId: "kestrel-2" }],
      redirectUri: "http://localhost:3000/sso/callback",
    });
    expect(JSON.stringify(page.data)).not.toContain("s3cret");

    expect(
      (await post(cookie, { intent: "remove", organisationId: String(bank.id) })).data,
    ).toMatchObject({ ok: true });
    expect(await getDb().selectFrom("organisation_sso_domain").selectAll().execute()).toEqual([]);
    expect((await listSsoEvents(1))[0]).toMatchObject({ kind: "settings.removed" });
  });

  it("refuses missing, malformed, oversized and hostile values, naming the field and keeping the rest", async () => {
    const { cookie, valid } = await setUp();
    const cases: [Record<string, string>, string, string][] = [
      [{ issuer: "" }, "issuer", "validation:required"],
      [{ clientId: "" }, "clientId", "validation:required"],
      [{ domains: "" }, "domains", "validation:required"],
      [{ organisation: "" }, "organisation", "validation:required"],
      [{ organisation: "o".repeat(161) }, "organisation", "validation:maxLength?max=160"],
      [{ emailCodes: "sometimes" }, "emailCodes", "validation:required"],
      [{ issuer: "javascript:alert(1)" }, "issuer", "admin:sso.issuerFormat"],
      [{ issuer: "http://login.bank.example" }, "issuer", "admin:sso.issuerFormat"],
      [{ issuer: "https://user:pass@login.bank.example" }, "issuer", "admin:sso.issuerFormat"],
      [{ issuer: "https://login.bank.example/?x=1" }, "issuer", "admin:sso.issuerFormat"],
      [{ issuer: `https://${"a".repeat(600)}.example` }, "issuer", "validation:maxLength?max=500"],
      [{ clientId: "c".repeat(201) }, "clientId", "validation:maxLength?max=200"],
      [{ clientSecret: "s".repeat(501) }, "clientSecret", "validation:maxLength?max=500"],
      [{ domains: "bank.example, <script>" }, "domains", "admin:sso.domainsFormat"],
      [
        { domains: Array.from({ length: 21 }, (_, i) => `d${i}.example`).join(",") },
        "domains",
        "admin:sso.domainsFormat",
      ],
      [{ nameClaim: "name'; DROP TABLE user;--" }, "nameClaim", "admin:sso.claimFormat"],
      [{ groupsClaim: "<img src=x onerror=alert(1)>" }, "groupsClaim", "admin:sso.claimFormat"],
    ];
    for (const [change, field, message] of cases) {
      const refused = await post(cookie, { ...valid, ...change });
      expect(refused.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(refused.data).toMatchObject({
        intent: "save",
        ok: false,
        error: { code: "validation", fields: { [field]: message } },
      });
    }
    expect(await getDb().selectFrom("organisation_sso").selectAll().execute()).toEqual([]);
    expect(await listSsoEvents()).toEqual([]);
  });

  it("makes a new organisation with its settings, refuses a first save without a secret and a domain another organisation has", async () => {
    const { cookie, valid } = await setUp();
    const fresh = await post(cookie, {
      ...valid,
      organisation: "Newcomer Bank",
      domains: "newcomer.example",
    });
    expect(fresh.data).toMatchObject({ ok: true });
    expect((await listSsoEvents(1))[0]).toMatchObject({ organisationName: "Newcomer Bank" });
    const noSecret = await post(cookie, { ...valid, clientSecret: "" });
    expect(noSecret.data).toMatchObject({
      ok: false,
      error: { fields: { clientSecret: "admin:sso.secretRequired" } },
    });
    expect((await post(cookie, valid)).data).toMatchObject({ ok: true });
    const other = await ensureOrganisation("Other Bank");
    const taken = await post(cookie, {
      ...valid,
      organisation: other.name,
      domains: "other.example, bank.example",
    });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({
      ok: false,
      error: { fields: { domains: "admin:sso.domainTaken" } },
    });
    expect(
      await getDb()
        .selectFrom("organisation_sso")
        .select("organisation_id")
        .where("organisation_id", "=", other.id)
        .execute(),
    ).toEqual([]);
    // The secret is never sent back with a refusal.
    expect(JSON.stringify(taken.data)).not.toContain("s3cret");
  });

  it("answers a test or removal of no settings with 404, and a test that cannot connect says why", async () => {
    const { cookie, valid, bank } = await setUp();
    for (const organisationId of ["", "999999", "-1", "1e309", "x".repeat(600)]) {
      expect((await post(cookie, { intent: "test", organisationId })).status).toBe(404);
      expect((await post(cookie, { intent: "remove", organisationId })).status).toBe(404);
    }
    await post(cookie, { ...valid, issuer: "http://127.0.0.1:9" });
    const tested = await post(cookie, { intent: "test", organisationId: String(bank.id) });
    expect(tested.data).toMatchObject({
      ok: true,
      report: {
        ok: false,
        steps: [
          { label: "Discovery", ok: false },
          { label: "Client secret", ok: true },
        ],
      },
    });
    expect((await listSsoEvents(1))[0]?.detail).toMatch(
      /^failed: Discovery: The discovery at http:\/\/127\.0\.0\.1:9/,
    );
  });

  it("is closed to learners and to administrators who have not proved the second factor", async () => {
    const { valid } = await setUp();
    const learner = await signInForTest("sso-learner");
    expect((await post(learner.cookie, valid)).status).toBe(403);
    const unproven = await signInForTest("sso-unproven", { admin: true });
    const redirected = await post(unproven.cookie, valid);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toMatch(/^\/admin\/security/);
    expect(await getDb().selectFrom("organisation_sso").selectAll().execute()).toEqual([]);
  });
});
