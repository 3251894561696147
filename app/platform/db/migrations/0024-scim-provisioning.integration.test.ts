import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { down, up } from "./0024-scim-provisioning";

// SCIM's tables and columns come and go without touching what was there before.
describe("0024: SCIM provisioning", () => {
  it("adds its tables and columns, and takes them away again, keeping members and groups", async () => {
    const db = getDb();
    const at = "2026-11-27T00:00:00.000Z";
    const organisation = await db
      .insertInto("organisation")
      .values({
        name: "Migrated",
        region: "CA",
        time_zone: "America/Toronto",
        next_audit: "2026-10-18",
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("user")
      .values({
        id: "u1",
        name: "Ana",
        email: "ana@bank.example",
        email_verified: 1,
        image: null,
        created_at: at,
        updated_at: at,
        two_factor_enabled: null,
        role: "learner",
      })
      .execute();
    await db
      .insertInto("organisation_member")
      .values({
        user_id: "u1",
        organisation_id: Number(organisation.id),
        role: "learner",
        joined_at: at,
        role_changed_by: null,
        role_changed_at: null,
        external_id: "e-1",
      })
      .execute();
    await db
      .insertInto("member_group")
      .values({
        organisation_id: Number(organisation.id),
        kind: "team",
        name: "Tellers",
        created_at: at,
        created_by: "x",
        source: "scim",
      })
      .execute();

    await down(db as never);
    await expect(sql`select id from scim_token`.execute(db)).rejects.toThrow();
    await expect(sql`select id from scim_audit`.execute(db)).rejects.toThrow();
    await expect(sql`select external_id from organisation_member`.execute(db)).rejects.toThrow();
    await expect(
      sql`select deactivated_at from ${sql.table("user")}`.execute(db),
    ).rejects.toThrow();
    await expect(sql`select source from member_group`.execute(db)).rejects.toThrow();
    const kept = await sql<{
      n: number | string;
    }>`select count(*) as n from organisation_member`.execute(db);
    expect(Number(kept.rows[0]?.n)).toBe(1);

    await up(db as never);
    const group = await db
      .selectFrom("member_group")
      .select(["name", "source", "external_id"])
      .executeTakeFirstOrThrow();
    // A group made before SCIM is a manager's.
    expect(group).toEqual({ name: "Tellers", source: "manual", external_id: null });
    const member = await db
      .selectFrom("organisation_member")
      .select(["external_id", "scim_removed_at"])
      .executeTakeFirstOrThrow();
    expect(member).toEqual({ external_id: null, scim_removed_at: null });
  });
});
