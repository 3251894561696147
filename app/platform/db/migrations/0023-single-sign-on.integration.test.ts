import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { down, up } from "./0023-single-sign-on";

// Migration 0023 on either engine: its tables come and go, and a settings row takes its domains
// with it when removed.

const tables = async () =>
  (await getDb().introspection.getTables())
    .map((table) => table.name)
    .filter((name) => name.startsWith("sso_") || name.startsWith("organisation_sso"))
    .sort();

describe("migration 0023", () => {
  it("goes down and up again, and a removed organisation takes its settings and domains", async () => {
    const db = getDb();
    expect(await tables()).toEqual([
      "organisation_sso",
      "organisation_sso_domain",
      "sso_audit_event",
      "sso_login_state",
    ]);
    await down(db as never);
    expect(await tables()).toEqual([]);
    await up(db as never);
    expect(await tables()).toHaveLength(4);

    const at = new Date().toISOString();
    const organisation = await db
      .insertInto("organisation")
      .values({
        name: "Gone Bank",
        region: "sg",
        time_zone: "Asia/Singapore",
        next_audit: "2027-01-01",
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("organisation_sso")
      .values({
        organisation_id: organisation.id,
        issuer: "https://login.gone.example",
        client_id: "kestrel",
        client_secret: "v1.x.y",
        name_claim: "name",
        email_claim: "email",
        groups_claim: "groups",
        email_codes: "allowed",
        updated_at: at,
        updated_by: "root@kestrel.test",
      })
      .execute();
    await db
      .insertInto("organisation_sso_domain")
      .values({ domain: "gone.example", organisation_id: organisation.id })
      .execute();
    await db.deleteFrom("organisation").where("id", "=", organisation.id).execute();
    expect(await db.selectFrom("organisation_sso").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("organisation_sso_domain").selectAll().execute()).toEqual([]);
  });
});
