import SCIMMY from "scimmy";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { complianceSnapshot, ensureOrganisation, groupsOf } from "~/domain/compliance/index.server";
import { getAuth, verifySignInCode } from "~/platform/auth/index.server";
import { getDb } from "~/platform/db/db.server";
import { type AppServer, startAppServer } from "../../../tests/integration/app-server";
import { latestSignInCode, lastOutboxId, signInForTest } from "../../../tests/integration/auth";
import { auditTrail, issueToken, revokeToken } from "./index.server";

// The SCIM endpoint as an identity provider meets it: real HTTP to the real server on a real
// database (both engines). Every answer is checked against SCIMMY, an independent implementation
// of RFC 7643/7644's schemas and messages, besides the values the RFCs' examples call for.

const USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
const PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

SCIMMY.Resources.declare(SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false));

type Body = Record<string, unknown> & { Resources?: Body[]; id?: string; meta?: Body };

let server: AppServer;
beforeAll(async () => {
  server = await startAppServer({ PILOT_DOMAINS: "" });
}, 240_000);
afterAll(() => server?.close());

let token: string;
let organisationId: number;
let otherToken: string;
let otherOrganisationId: number;
beforeEach(async () => {
  organisationId = (await ensureOrganisation("bank.example")).id;
  otherOrganisationId = (await ensureOrganisation("Other Credit")).id;
  token = await issueToken(organisationId, "ops@kestrel.test");
  otherToken = await issueToken(otherOrganisationId, "ops@kestrel.test");
});

async function scim(
  method: string,
  path: string,
  {
    body,
    bearer = token,
    headers = {},
  }: { body?: unknown; bearer?: string | null; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.origin}/scim/v2${path}`, {
    method,
    headers: {
      ...(bearer !== null && { Authorization: `Bearer ${bearer}` }),
      ...(body !== undefined && { "Content-Type": "application/scim+json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as Body,
  };
}

/**
 * A SCIM error of this status (and keyword), as SCIMMY reads an Error message. RFC 7644 §3.12
 * lists no 429; SCIMMY refuses one, so a rate limit's answer is checked by its fields only.
 */
function expectError(answer: Awaited<ReturnType<typeof scim>>, status: number, scimType?: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/scim+json; charset=utf-8");
  if (status === 429) {
    expect(answer.body).toMatchObject({ schemas: [ERROR], status: "429" });
    return;
  }
  const message = new SCIMMY.Messages.ErrorResponse({
    status: Number(answer.body.status) as 400,
    ...(answer.body.scimType !== undefined && { scimType: answer.body.scimType as "invalidValue" }),
    detail: String(answer.body.detail),
  });
  expect(answer.body.schemas).toEqual(message.schemas);
  expect(answer.body.status).toBe(String(status));
  expect(answer.body.scimType).toBe(scimType);
}

const asUser = (body: Body) => new SCIMMY.Schemas.User(body, "out");
const asGroup = (body: Body) => new SCIMMY.Schemas.Group(body, "out");
const asList = (body: Body) => {
  expect(body.schemas).toEqual([LIST]);
  return new SCIMMY.Messages.ListResponse(body as never);
};
const patchOp = (Operations: { op: string; path?: string; value?: unknown }[]) => {
  const message = { schemas: [PATCH], Operations };
  // SCIMMY refuses a malformed PatchOp: what we send is one by an independent reading.
  new SCIMMY.Messages.PatchOp(message as never);
  return message;
};

async function createUser(userName: string, extra: Record<string, unknown> = {}) {
  const answer = await scim("POST", "/Users", {
    body: {
      schemas: [USER],
      userName,
      name: { givenName: "Siti", familyName: "Rahman" },
      ...extra,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe("discovery", () => {
  it("describes the service provider, its resource types and its schemas", async () => {
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.status).toBe(200);
    expect(config.headers.get("content-type")).toBe("application/scim+json; charset=utf-8");
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      authenticationSchemes: [{ type: "oauthbearertoken" }],
    });
    const types = await scim("GET", "/ResourceTypes");
    expect(asList(types.body).totalResults).toBe(2);
    expect(types.body.Resources?.map((type) => type.endpoint)).toEqual(["/Users", "/Groups"]);
    expect((await scim("GET", "/ResourceTypes/User")).body.schema).toBe(USER);
    const schemas = await scim("GET", "/Schemas");
    expect(schemas.body.Resources?.map((schema) => schema.id)).toEqual([USER, GROUP, ENTERPRISE]);
    // SCIMMY's own description of the core schemas names every attribute we describe.
    const ours = (await scim("GET", `/Schemas/${USER}`)).body.attributes as { name: string }[];
    const theirs = SCIMMY.Schemas.User.definition.describe().attributes.map((a) => a.name);
    for (const { name } of ours) expect(theirs).toContain(name);
    expectError(await scim("GET", "/Schemas/urn:nothing"), 404);
    expectError(await scim("GET", "/ResourceTypes/Device"), 404);
    expectError(await scim("GET", "/Bulk"), 404);
    expectError(await scim("POST", "/Users/.search", { body: {} }), 501);
  });
});

describe("the bearer token", () => {
  it("is required, compared exactly, revocable, and replaced by rotation", async () => {
    expectError(await scim("GET", "/Users", { bearer: null }), 401);
    expectError(await scim("GET", "/Users", { bearer: `${token}x` }), 401);
    expectError(
      await scim("GET", "/Users", {
        bearer: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"),
      }),
      401,
    );
    expectError(await scim("GET", "/Users", { bearer: "kscim_1_" }), 401);
    const missing = await scim("GET", "/Users", { bearer: null });
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="scim"');
    expect((await scim("GET", "/Users")).status).toBe(200);

    const rotated = await issueToken(organisationId, "ops@kestrel.test");
    expectError(await scim("GET", "/Users"), 401);
    expect((await scim("GET", "/Users", { bearer: rotated })).status).toBe(200);
    expect(await revokeToken(organisationId, "ops@kestrel.test")).toBe(true);
    expectError(await scim("GET", "/Users", { bearer: rotated }), 401);
    expect(await revokeToken(organisationId, "ops@kestrel.test")).toBe(false);
    // Only the hash is stored.
    const stored = await getDb().selectFrom("scim_token").select("secret_hash").execute();
    for (const row of stored) expect(rotated).not.toContain(row.secret_hash);
    // The secret is the 43 characters after `kscim_<id>_`; base64url may hold "_" itself.
    const secret = rotated.replace(/^kscim_\d+_/, "");
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("is never a session: an admin's cookie without the token is refused, and no CSRF cookie is asked", async () => {
    const admin = await signInForTest("scim-admin", { admin: true, secondFactor: true });
    const answer = await scim("GET", "/Users", { bearer: null, headers: { Cookie: admin.cookie } });
    expectError(answer, 401);
    // A cross-site POST with the token is served: the token, not the origin, is the credential.
    const posted = await scim("POST", "/Users", {
      body: { schemas: [USER], userName: "cross@bank.example" },
      headers: { Origin: "https://evil.example" },
    });
    expect(posted.status).toBe(201);
    expect(posted.headers.get("set-cookie")).toBeNull();
  });

  it("stops a client that keeps sending bad tokens", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await scim("GET", "/Users", { bearer: "kscim_9_nope" })).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    const blocked = await scim("GET", "/Users", { bearer: "kscim_9_nope" });
    expectError(blocked, 429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("Users", () => {
  it("creates, reads, lists, replaces and deletes a user, with versions", async () => {
    const created = await scim("POST", "/Users", {
      body: {
        schemas: [USER],
        userName: "Siti.Rahman@Bank.Example",
        externalId: "entra-1",
        name: { givenName: "Siti", familyName: "Rahman" },
        displayName: "Siti Rahman",
        active: true,
      },
    });
    expect(created.status).toBe(201);
    asUser(created.body);
    const id = String(created.body.id);
    // Named from APP_URL, the address identity providers are given.
    expect(created.headers.get("location")).toBe(`http://localhost:3000/scim/v2/Users/${id}`);
    expect(created.headers.get("etag")).toBe((created.body.meta as Body).version);
    expect(created.body).toMatchObject({
      userName: "siti.rahman@bank.example",
      externalId: "entra-1",
      displayName: "Siti Rahman",
      name: { givenName: "Siti", familyName: "Rahman" },
      active: true,
      emails: [{ value: "siti.rahman@bank.example", primary: true }],
      meta: { resourceType: "User" },
    });

    const read = await scim("GET", `/Users/${id}`);
    expect(read.body).toEqual(created.body);
    const unchanged = await scim("GET", `/Users/${id}`, {
      headers: { "If-None-Match": String(read.headers.get("etag")) },
    });
    expect(unchanged.status).toBe(304);

    expectError(
      await scim("POST", "/Users", {
        body: { schemas: [USER], userName: "siti.rahman@bank.example" },
      }),
      409,
      "uniqueness",
    );

    const replaced = await scim("PUT", `/Users/${id}`, {
      body: {
        schemas: [USER],
        userName: "siti.rahman@bank.example",
        externalId: "entra-1",
        displayName: "Siti R.",
        active: true,
      },
      headers: { "If-Match": String(read.headers.get("etag")) },
    });
    expect(replaced.status).toBe(200);
    asUser(replaced.body);
    expect(replaced.body.displayName).toBe("Siti R.");
    expect(replaced.body.name).toEqual({ formatted: "Siti R." });
    expect(replaced.headers.get("etag")).not.toBe(read.headers.get("etag"));

    // The old version no longer matches.
    expectError(
      await scim("PUT", `/Users/${id}`, {
        body: { schemas: [USER], userName: "siti.rahman@bank.example" },
        headers: { "If-Match": String(read.headers.get("etag")) },
      }),
      412,
    );
    expectError(
      await scim("DELETE", `/Users/${id}`, { headers: { "If-Match": 'W/"stale"' } }),
      412,
    );

    const removed = await scim("DELETE", `/Users/${id}`);
    expect(removed.status).toBe(204);
    expectError(await scim("GET", `/Users/${id}`), 404);
    expectError(
      await scim("PATCH", `/Users/${id}`, {
        body: patchOp([{ op: "replace", path: "active", value: true }]),
      }),
      404,
    );
    expect(
      (
        await scim(
          "GET",
          `/Users?filter=${encodeURIComponent('userName eq "siti.rahman@bank.example"')}`,
        )
      ).body.totalResults,
    ).toBe(0);
    // The account and its membership stay, inactive.
    const account = await getDb()
      .selectFrom("user")
      .select("deactivated_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(account.deactivated_at).not.toBeNull();
    // Made again by the provider: the same account comes back, active.
    const again = await createUser("siti.rahman@bank.example");
    expect(again.id).toBe(id);
    expect(again.active).toBe(true);
  });

  it("refuses missing, malformed, oversized and hostile values with SCIM errors", async () => {
    expectError(await scim("POST", "/Users", { body: { schemas: [USER] } }), 400, "invalidValue");
    expectError(
      await scim("POST", "/Users", { body: { schemas: [USER], userName: "not an email" } }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("POST", "/Users", { body: { schemas: [USER], userName: ["a@b.example"] } }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("POST", "/Users", {
        body: { schemas: [USER], userName: "a@bank.example", displayName: "x".repeat(201) },
      }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("POST", "/Users", {
        body: { schemas: [USER], userName: "a@bank.example", active: "maybe" },
      }),
      400,
      "invalidValue",
    );
    expectError(await scim("POST", "/Users", { body: "{not json" }), 400, "invalidSyntax");
    expectError(await scim("POST", "/Users", { body: "[]" }), 400, "invalidSyntax");
    expectError(
      await scim("POST", "/Users", { body: "[".repeat(100) + "]".repeat(100) }),
      400,
      "invalidSyntax",
    );
    expectError(
      await scim("POST", "/Users", {
        body: "userName=a@b.example",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      400,
      "invalidSyntax",
    );
    const huge = JSON.stringify({
      schemas: [USER],
      userName: "big@bank.example",
      displayName: "x".repeat(1024 * 1024),
    });
    expectError(await scim("POST", "/Users", { body: huge }), 413);
    expectError(
      await scim("POST", "/Users", {
        body: {
          schemas: [USER],
          userName: "managed@bank.example",
          [ENTERPRISE]: { manager: { value: "nobody" } },
        },
      }),
      400,
      "invalidValue",
    );
    expectError(await scim("GET", "/Users/nobody"), 404);
    expectError(await scim("GET", `/Users/${"x".repeat(5000)}`), 404);
    expectError(
      await scim("PUT", "/Users/nobody", { body: { schemas: [USER], userName: "a@bank.example" } }),
      404,
    );
    expectError(await scim("DELETE", "/Users/nobody"), 404);
    // Nothing was stored by any of them.
    expect((await scim("GET", "/Users")).body.totalResults).toBe(0);
  });

  it("filters with eq and and, pages by startIndex and count, and refuses any other filter", async () => {
    const made = [];
    for (const [index, name] of ["ana", "budi", "chen", "dewi", "eka"].entries()) {
      made.push(await createUser(`${name}@bank.example`, { externalId: `ext-${index}` }));
    }
    const list = async (query: string) => (await scim("GET", `/Users?${query}`)).body;
    const filter = (text: string) => `filter=${encodeURIComponent(text)}`;

    const all = await list("");
    asList(all);
    expect(all.totalResults).toBe(5);
    for (const resource of all.Resources ?? []) asUser(resource);

    // The same answers as SCIMMY's own filter over every user (whose `eq` is case-exact).
    for (const text of [
      'userName eq "budi@bank.example"',
      'externalId eq "ext-3"',
      'externalId eq "EXT-3"',
      'userName eq "chen@bank.example" and externalId eq "ext-2"',
      'userName eq "chen@bank.example" and externalId eq "ext-1"',
      'emails.value eq "eka@bank.example"',
      'userName eq "nobody@bank.example"',
    ]) {
      const ours = (await list(filter(text))).Resources?.map((r) => r.id) ?? [];
      const theirs = new SCIMMY.Types.Filter(text)
        .match(all.Resources ?? [])
        .map((r: Body) => r.id);
      expect(ours, text).toEqual(theirs);
    }
    // userName is not case-exact (RFC 7643 §4.1.1); externalId is.
    expect((await list(filter('userName eq "BUDI@bank.example"'))).Resources?.[0]?.id).toBe(
      made[1]?.id,
    );
    expect((await list(filter('externalId eq "EXT-3"'))).totalResults).toBe(0);

    for (const text of [
      'userName co "a"',
      'userName sw "a"',
      "userName pr",
      'userName eq "a" or userName eq "b"',
      'not (userName eq "a")',
      'displayName gt "a"',
      'userName eq "unterminated',
      'name.familyName eq "Rahman"',
      'emails[type eq "work"]',
      "",
    ]) {
      if (text === "") continue;
      const answer = await scim("GET", `/Users?${filter(text)}`);
      expectError(answer, 400, "invalidFilter");
    }

    const page = await list("startIndex=2&count=2");
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources?.map((r) => r.id)).toEqual([made[1]?.id, made[2]?.id]);
    expect((await list("startIndex=0&count=1")).startIndex).toBe(1);
    expect((await list("count=-3")).itemsPerPage).toBe(0);
    expect((await list("count=0")).totalResults).toBe(5);
    expect((await list("startIndex=9")).Resources).toEqual([]);
    expect((await list("count=100000")).itemsPerPage).toBe(5);
    expectError(await scim("GET", "/Users?startIndex=abc"), 400, "invalidValue");
    expectError(await scim("GET", "/Users?count=1.5"), 400, "invalidValue");

    const slim = await list("attributes=userName");
    expect(Object.keys(slim.Resources?.[0] ?? {}).sort()).toEqual([
      "id",
      "meta",
      "schemas",
      "userName",
    ]);
    const noGroups = await list("excludedAttributes=groups,emails");
    expect(noGroups.Resources?.[0]).not.toHaveProperty("groups");
    expect(noGroups.Resources?.[0]).toHaveProperty("userName");
  });

  it("applies RFC 7644 PATCH operations, and Entra's and Okta's forms of them", async () => {
    const manager = await createUser("boss@bank.example");
    const user = await createUser("staff@bank.example", { displayName: "Staff" });
    const id = String(user.id);
    const patch = async (operations: { op: string; path?: string; value?: unknown }[]) => {
      const answer = await scim("PATCH", `/Users/${id}`, { body: patchOp(operations) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      asUser(answer.body);
      return answer.body;
    };

    // Entra: capitalised ops, a path-less replace with dotted names, "False" as a string.
    let now = await patch([
      { op: "Replace", path: "displayName", value: "Staff Member" },
      { op: "Add", path: `${ENTERPRISE}:manager`, value: String(manager.id) },
      {
        op: "Replace",
        value: { "name.givenName": "Nur", "name.familyName": "Aziz", externalId: "e-9" },
      },
      { op: "Replace", path: 'emails[type eq "work"].value', value: "staff@bank.example" },
    ]);
    expect(now).toMatchObject({
      displayName: "Staff Member",
      externalId: "e-9",
      name: { givenName: "Nur", familyName: "Aziz" },
      [ENTERPRISE]: { manager: { value: manager.id } },
    });
    now = await patch([{ op: "Replace", path: "active", value: "False" }]);
    expect(now.active).toBe(false);
    now = await patch([{ op: "Replace", path: "active", value: "True" }]);
    expect(now.active).toBe(true);
    now = await patch([{ op: "Remove", path: `${ENTERPRISE}:manager` }]);
    expect(now).not.toHaveProperty([ENTERPRISE]);
    now = await patch([{ op: "add", value: { [ENTERPRISE]: { manager: { value: manager.id } } } }]);
    expect(now[ENTERPRISE]).toMatchObject({ manager: { value: manager.id } });

    // Okta: a path-less replace of active with a boolean.
    now = await patch([{ op: "replace", value: { active: false } }]);
    expect(now.active).toBe(false);
    now = await patch([{ op: "replace", value: { active: true } }]);
    expect(now.active).toBe(true);

    // RFC 7644 §3.5.2's own forms.
    now = await patch([{ op: "remove", path: "externalId" }]);
    expect(now).not.toHaveProperty("externalId");
    now = await patch([{ op: "add", path: "name.givenName", value: "Nurul" }]);
    expect(now.name).toMatchObject({ givenName: "Nurul" });

    const bad = async (operations: unknown, scimType: string, status = 400) =>
      expectError(
        await scim("PATCH", `/Users/${id}`, {
          body: { schemas: [PATCH], Operations: operations },
        }),
        status,
        scimType,
      );
    await bad([{ op: "move", path: "active", value: true }], "invalidSyntax");
    await bad([], "invalidSyntax");
    await bad("replace", "invalidSyntax");
    await bad([{ op: "remove" }], "noTarget");
    await bad([{ op: "replace", path: "active" }], "invalidValue");
    await bad([{ op: "replace", path: "active", value: "perhaps" }], "invalidValue");
    await bad([{ op: "replace", path: "userName", value: "boss@bank.example" }], "uniqueness", 409);
    await bad(
      [{ op: "replace", path: 'emails[type eq "home"].value', value: "x@y.example" }],
      "noTarget",
    );
    await bad(
      [{ op: "replace", path: 'emails[type co "w"].value', value: "x@y.example" }],
      "invalidPath",
    );
    await bad([{ op: "replace", path: "a..b", value: 1 }], "invalidPath");
    await bad([{ op: "replace", value: "not an object" }], "invalidValue");
    await bad([{ op: "add", path: `${ENTERPRISE}:manager`, value: id }], "invalidValue");
    expectError(
      await scim("PATCH", `/Users/${id}`, {
        body: { Operations: [{ op: "add", path: "displayName", value: "x" }] },
      }),
      400,
      "invalidSyntax",
    );
    expectError(
      await scim("PATCH", `/Users/${id}`, {
        body: patchOp([{ op: "replace", path: "displayName", value: "x" }]),
        headers: { "If-Match": 'W/"old"' },
      }),
      412,
    );
    // None of the refused patches changed the user.
    expect((await scim("GET", `/Users/${id}`)).body.displayName).toBe("Staff Member");
  });
});

describe("Groups", () => {
  it("creates, filters, patches, replaces and deletes groups as teams of the organisation", async () => {
    const [ana, budi, chen] = [
      await createUser("ana@bank.example"),
      await createUser("budi@bank.example"),
      await createUser("chen@bank.example"),
    ];
    const created = await scim("POST", "/Groups", {
      body: {
        schemas: [GROUP],
        displayName: "Tellers",
        externalId: "g-1",
        members: [{ value: ana?.id }],
      },
    });
    expect(created.status).toBe(201);
    asGroup(created.body);
    const id = String(created.body.id);
    expect(created.body).toMatchObject({
      displayName: "Tellers",
      externalId: "g-1",
      members: [{ value: ana?.id }],
    });
    expect((await groupsOf(organisationId)).find((g) => g.name === "Tellers")).toMatchObject({
      kind: "team",
      memberIds: [ana?.id],
    });

    expectError(
      await scim("POST", "/Groups", { body: { schemas: [GROUP], displayName: "Tellers" } }),
      409,
      "uniqueness",
    );
    expectError(await scim("POST", "/Groups", { body: { schemas: [GROUP] } }), 400, "invalidValue");
    expectError(
      await scim("POST", "/Groups", {
        body: { schemas: [GROUP], displayName: "X", members: [{ value: "ghost" }] },
      }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("POST", "/Groups", {
        body: { schemas: [GROUP], displayName: "X", members: "all" },
      }),
      400,
      "invalidValue",
    );

    const found = await scim(
      "GET",
      `/Groups?filter=${encodeURIComponent('displayName eq "tellers"')}`,
    );
    expect(found.body.Resources?.map((g) => g.id)).toEqual([id]);
    const slim = await scim("GET", "/Groups?excludedAttributes=members");
    expect(slim.body.Resources?.[0]).not.toHaveProperty("members");
    expectError(
      await scim("GET", `/Groups?filter=${encodeURIComponent('displayName sw "T"')}`),
      400,
      "invalidFilter",
    );

    const patch = async (operations: { op: string; path?: string; value?: unknown }[]) => {
      const answer = await scim("PATCH", `/Groups/${id}`, { body: patchOp(operations) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      asGroup(answer.body);
      // Members joined in one call share a date: compared as sets.
      return (answer.body.members as Body[]).map((member) => String(member.value)).sort();
    };
    // Okta: add members with a path; remove one by a value filter.
    expect(
      await patch([
        { op: "add", path: "members", value: [{ value: budi?.id }, { value: chen?.id }] },
      ]),
    ).toEqual([ana?.id, budi?.id, chen?.id].sort());
    expect(await patch([{ op: "remove", path: `members[value eq "${budi?.id}"]` }])).toEqual(
      [ana?.id, chen?.id].sort(),
    );
    // Entra: capitalised, remove with the members in value.
    expect(await patch([{ op: "Remove", path: "members", value: [{ value: chen?.id }] }])).toEqual([
      ana?.id,
    ]);
    expect(await patch([{ op: "Add", path: "members", value: [{ value: ana?.id }] }])).toEqual([
      ana?.id,
    ]);
    await patch([{ op: "Replace", path: "displayName", value: "Front desk" }]);
    expect(await patch([{ op: "replace", path: "members", value: [{ value: chen?.id }] }])).toEqual(
      [chen?.id],
    );
    expectError(
      await scim("PATCH", `/Groups/${id}`, {
        body: patchOp([{ op: "add", path: "members", value: [{ value: "ghost" }] }]),
      }),
      400,
      "invalidValue",
    );

    const before = await scim("GET", `/Groups/${id}`);
    const replaced = await scim("PUT", `/Groups/${id}`, {
      body: {
        schemas: [GROUP],
        displayName: "Front desk",
        members: [{ value: chen?.id }, { value: ana?.id }],
      },
      headers: { "If-Match": String(before.headers.get("etag")) },
    });
    expect(replaced.status).toBe(200);
    expect((replaced.body.members as Body[]).map((m) => m.value).sort()).toEqual(
      [chen?.id, ana?.id].sort(),
    );
    expectError(
      await scim("PUT", `/Groups/${id}`, {
        body: { schemas: [GROUP], displayName: "Front desk" },
        headers: { "If-Match": String(before.headers.get("etag")) },
      }),
      412,
    );

    // A user lists the groups they are in.
    expect((await scim("GET", `/Users/${ana?.id}`)).body.groups).toMatchObject([
      { value: id, display: "Front desk" },
    ]);

    expect((await scim("DELETE", `/Groups/${id}`)).status).toBe(204);
    expectError(await scim("GET", `/Groups/${id}`), 404);
    expectError(await scim("GET", "/Groups/abc"), 404);
    expect((await groupsOf(organisationId)).some((g) => g.id === Number(id))).toBe(false);
  });

  it("never shows or changes a group a manager made in Kestrel", async () => {
    const { createGroup } = await import("~/domain/compliance/index.server");
    const manual = await createGroup(
      organisationId,
      { kind: "department", name: "Risk" },
      "m@bank.example",
    );
    expect((await scim("GET", "/Groups")).body.totalResults).toBe(0);
    expectError(await scim("GET", `/Groups/${manual}`), 404);
    expectError(await scim("DELETE", `/Groups/${manual}`), 404);
  });
});

describe("one organisation's token", () => {
  it("never reads or changes another organisation's users or groups", async () => {
    const mine = await createUser("mine@bank.example");
    const theirs = await scim("POST", "/Users", {
      bearer: otherToken,
      body: { schemas: [USER], userName: "theirs@other.example" },
    });
    const theirGroup = await scim("POST", "/Groups", {
      bearer: otherToken,
      body: { schemas: [GROUP], displayName: "Theirs", members: [{ value: theirs.body.id }] },
    });
    const theirId = String(theirs.body.id);
    const theirGroupId = String(theirGroup.body.id);

    expect((await scim("GET", "/Users")).body.Resources?.map((u) => u.id)).toEqual([mine.id]);
    expect(
      (
        await scim(
          "GET",
          `/Users?filter=${encodeURIComponent('userName eq "theirs@other.example"')}`,
        )
      ).body.totalResults,
    ).toBe(0);
    expectError(await scim("GET", `/Users/${theirId}`), 404);
    expectError(
      await scim("PUT", `/Users/${theirId}`, {
        body: { schemas: [USER], userName: "x@bank.example" },
      }),
      404,
    );
    expectError(
      await scim("PATCH", `/Users/${theirId}`, {
        body: patchOp([{ op: "replace", path: "active", value: false }]),
      }),
      404,
    );
    expectError(await scim("DELETE", `/Users/${theirId}`), 404);
    expectError(await scim("GET", `/Groups/${theirGroupId}`), 404);
    expectError(
      await scim("PATCH", `/Groups/${theirGroupId}`, {
        body: patchOp([{ op: "add", path: "members", value: [{ value: mine.id }] }]),
      }),
      404,
    );
    expectError(await scim("DELETE", `/Groups/${theirGroupId}`), 404);
    // Their user cannot be taken into our groups, named as our manager, or made again as ours.
    expectError(
      await scim("POST", "/Groups", {
        body: { schemas: [GROUP], displayName: "Ours", members: [{ value: theirId }] },
      }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("PATCH", `/Users/${mine.id}`, {
        body: patchOp([{ op: "add", path: `${ENTERPRISE}:manager`, value: theirId }]),
      }),
      400,
      "invalidValue",
    );
    expectError(
      await scim("POST", "/Users", { body: { schemas: [USER], userName: "theirs@other.example" } }),
      409,
      "uniqueness",
    );
    expectError(
      await scim("PATCH", `/Users/${mine.id}`, {
        body: patchOp([{ op: "replace", path: "userName", value: "theirs@other.example" }]),
      }),
      409,
      "uniqueness",
    );

    const still = await scim("GET", `/Users/${theirId}`, { bearer: otherToken });
    expect(still.body).toMatchObject({ userName: "theirs@other.example", active: true });
    expect(
      (await scim("GET", `/Groups/${theirGroupId}`, { bearer: otherToken })).body.members,
    ).toMatchObject([{ value: theirId }]);
  });
});

/** Asks for a sign-in code and enters it, as the login page does; the session cookie or null. */
async function trySignIn(email: string): Promise<string | null> {
  const after = await lastOutboxId();
  await getAuth().api.sendVerificationOTP({ body: { email, type: "sign-in" } });
  const code = await latestSignInCode(email, after);
  try {
    const outcome = await verifySignInCode(
      { intent: "verify-code", email, code },
      { clientIp: "203.0.113.77", request: new Request("http://localhost/login") },
    );
    expect(outcome.status).toBeGreaterThanOrEqual(400);
    return null;
  } catch (thrown) {
    const cookie = (thrown as Response).headers
      .getSetCookie()
      .find((c) => c.startsWith("kestrel.session="));
    return cookie?.split(";")[0] ?? null;
  }
}

const signedIn = async (cookie: string) => {
  const answer = await fetch(`${server.origin}/app`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return answer.status === 200;
};

describe("provisioning sequences", () => {
  for (const style of ["Entra", "Okta"] as const) {
    it(`${style}: create, group, patch, deactivate and reactivate leave the right members, groups and sessions`, async () => {
      const entra = style === "Entra";
      // The person signed in before their organisation connected its provider.
      const { cookie, email } = await signInForTest(`seq-${style.toLowerCase()}`);
      expect(await signedIn(cookie)).toBe(true);

      // The provider matches the existing member by userName, then creates a new one.
      const matched = await scim(
        "GET",
        `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`,
      );
      expect(matched.body.totalResults).toBe(1);
      const existingId = String(matched.body.Resources?.[0]?.id);
      const fresh = await createUser(`new-${style}@bank.example`, { externalId: `${style}-2` });

      const group = await scim("POST", "/Groups", {
        body: {
          schemas: [GROUP],
          displayName: `${style} Sales`,
          ...(entra ? { externalId: "grp" } : {}),
        },
      });
      const groupId = String(group.body.id);
      const addedAt = Date.now();
      const addMembers = entra
        ? [{ op: "Add", path: "members", value: [{ value: existingId }, { value: fresh.id }] }]
        : [
            {
              op: "add",
              path: "members",
              value: [{ value: existingId, display: email }, { value: fresh.id }],
            },
          ];
      expect(
        (await scim("PATCH", `/Groups/${groupId}`, { body: patchOp(addMembers) })).status,
      ).toBe(200);

      // A requirement assigned to the group is dated from joining it (decision 046).
      const { id: requirementId } = await getDb()
        .selectFrom("requirement")
        .select("id")
        .where("organisation_id", "=", organisationId)
        .orderBy("id")
        .executeTakeFirstOrThrow();
      await getDb()
        .updateTable("requirement")
        .set({
          audience: JSON.stringify({
            groupIds: [Number(groupId)],
            match: "any",
            joinedAfter: null,
          }),
        })
        .where("id", "=", requirementId)
        .execute();
      const organisation = { ...(await ensureOrganisation("bank.example")) };
      let snapshot = await complianceSnapshot(organisation);
      const assigned = snapshot.states.filter(
        (state) => state.requirementId === Number(requirementId),
      );
      expect(assigned.map((state) => state.userId).sort()).toEqual(
        [existingId, String(fresh.id)].sort(),
      );
      for (const state of assigned) {
        expect(Math.abs(Date.parse(state.assignedAt) - addedAt)).toBeLessThan(60_000);
      }

      const rename = entra
        ? [{ op: "Replace", path: "displayName", value: "Ada Lovelace" }]
        : [{ op: "replace", value: { displayName: "Ada Lovelace", "name.givenName": "Ada" } }];
      expect(
        (await scim("PATCH", `/Users/${existingId}`, { body: patchOp(rename) })).body.displayName,
      ).toBe("Ada Lovelace");

      const deactivate = entra
        ? [{ op: "Replace", path: "active", value: "False" }]
        : [{ op: "replace", value: { active: false } }];
      const off = await scim("PATCH", `/Users/${existingId}`, { body: patchOp(deactivate) });
      expect(off.body.active).toBe(false);

      // Their session is over, a new one is refused, and they owe nothing while inactive.
      expect(await signedIn(cookie)).toBe(false);
      expect(await trySignIn(email)).toBeNull();
      snapshot = await complianceSnapshot(organisation);
      expect(snapshot.learners.map((learner) => learner.id)).not.toContain(existingId);
      expect(snapshot.states.some((state) => state.userId === existingId)).toBe(false);
      // …but stay in their group and in the organisation, with their records.
      const members = (await scim("GET", `/Groups/${groupId}`)).body.members as Body[];
      expect(members.map((m) => m.value).sort()).toEqual([existingId, String(fresh.id)].sort());

      const on = entra
        ? [{ op: "Replace", path: "active", value: "True" }]
        : [{ op: "replace", value: { active: true } }];
      expect((await scim("PATCH", `/Users/${existingId}`, { body: patchOp(on) })).body.active).toBe(
        true,
      );
      const back = await trySignIn(email);
      expect(back).not.toBeNull();
      expect(await signedIn(back ?? "")).toBe(true);
      snapshot = await complianceSnapshot(organisation);
      expect(snapshot.learners.map((learner) => learner.id)).toContain(existingId);

      // The provider takes the fresh user out of the group: that requirement is no longer theirs.
      const remove = entra
        ? [{ op: "Remove", path: "members", value: [{ value: fresh.id }] }]
        : [{ op: "remove", path: `members[value eq "${String(fresh.id)}"]` }];
      await scim("PATCH", `/Groups/${groupId}`, { body: patchOp(remove) });
      snapshot = await complianceSnapshot(organisation);
      expect(
        snapshot.states
          .filter((s) => s.requirementId === Number(requirementId))
          .map((s) => s.userId),
      ).toEqual([existingId]);

      // Every call is in the organisation's audit, with its token and result.
      const trail = await auditTrail(organisationId);
      expect(
        trail.some(
          (entry) =>
            entry.action === `PATCH /Users/${existingId}` && entry.detail.includes("deactivated"),
        ),
      ).toBe(true);
      expect(
        trail.every(
          (entry) => entry.actor.startsWith("token #") || entry.actor === "ops@kestrel.test",
        ),
      ).toBe(true);
      expect(trail.some((entry) => entry.action === "POST /Groups" && entry.status === 201)).toBe(
        true,
      );
    });
  }

  it("records refusals too, and nothing of another organisation", async () => {
    await scim("GET", "/Users/nobody");
    await scim("GET", "/Users", { bearer: otherToken });
    const trail = await auditTrail(organisationId);
    expect(trail[0]).toMatchObject({
      action: "GET /Users/nobody",
      status: 404,
      detail: "No user nobody.",
    });
    expect(trail.filter((entry) => entry.action === "GET /Users")).toEqual([]);
    expect(trail.at(-1)).toMatchObject({
      action: "token.issued",
      actor: "ops@kestrel.test",
      status: 0,
    });
  });
});
