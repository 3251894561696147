import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { down, up } from "./0022-groups-and-assignments";
import * as scim from "./0024-scim-provisioning";

// The SPEC's four requirements, as every organisation got them, become due 30 days after each
// member's assignment; a date a manager chose stays fixed; going back restores every fixed date.
describe("0022: groups, assignments and relative due dates", () => {
  it("makes the untouched SPEC requirements relative, keeps chosen dates, and goes back", async () => {
    const db = getDb();
    const at = "2025-01-01T00:00:00.000Z";
    // Back to the shape before the migration, where requirements only had fixed dates (the later
    // migration that adds to its tables first).
    await scim.down(db as never);
    await down(db as never);
    const organisation = await db
      .insertInto("organisation")
      .values({
        name: `Migrated ${Date.now()}`,
        region: "CA",
        time_zone: "America/Toronto",
        next_audit: "2026-10-18",
        created_at: at,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const requirement = (name: string, dueDate: string, updatedBy: string) =>
      db
        .insertInto("requirement")
        .values({
          organisation_id: organisation.id,
          name,
          description: "As the SPEC sets it.",
          category: "aml",
          points: 100,
          due_date: dueDate,
          fulfilled_by: JSON.stringify(["module:document-verification"]),
          recurrence: "yearly",
          window_days: 30,
          created_at: at,
          updated_at: at,
          updated_by: updatedBy,
          removed_at: null,
        } as never)
        .execute();
    await requirement("Customer Due Diligence", "2025-11-30", "system");
    await requirement("Record Keeping", "2026-03-01", "system");
    // A manager moved this one to a date of their own: it stays theirs.
    await requirement("AML Training", "2026-06-30", "manager@bank.example");
    // Same name and date, but edited by someone: a choice, not a default.
    await requirement("Suspicious Transaction Reporting", "2026-02-15", "manager@bank.example");
    await requirement("Sanctions Screening", "2025-11-30", "system");

    await up(db as never);
    const read = () =>
      db
        .selectFrom("requirement")
        .select(["name", "due_date", "due_days"])
        .where("organisation_id", "=", Number(organisation.id))
        .orderBy("id")
        .execute();
    expect(
      (await read()).map((row) => [
        row.name,
        row.due_date,
        row.due_days === null ? null : Number(row.due_days),
      ]),
    ).toEqual([
      ["Customer Due Diligence", "2025-11-30", 30],
      ["Record Keeping", "2026-03-01", 30],
      ["AML Training", "2026-06-30", null],
      ["Suspicious Transaction Reporting", "2026-02-15", null],
      ["Sanctions Screening", "2025-11-30", null],
    ]);
    const settings = await db
      .selectFrom("organisation")
      .select(["escalation_days", "compliance_owner_id"])
      .where("id", "=", Number(organisation.id))
      .executeTakeFirstOrThrow();
    expect({ ...settings, escalation_days: Number(settings.escalation_days) }).toEqual({
      escalation_days: 7,
      compliance_owner_id: null,
    });
    const groups = await db
      .selectFrom("member_group")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(groups.count)).toBe(0);

    await down(db as never);
    const rows = await sql<{ name: string; due_date: string }>`
      select name, due_date from requirement where organisation_id = ${Number(organisation.id)}
      order by id`.execute(db);
    expect(rows.rows.map((row) => [row.name, row.due_date])).toEqual([
      ["Customer Due Diligence", "2025-11-30"],
      ["Record Keeping", "2026-03-01"],
      ["AML Training", "2026-06-30"],
      ["Suspicious Transaction Reporting", "2026-02-15"],
      ["Sanctions Screening", "2025-11-30"],
    ]);
    await expect(sql`select due_days from requirement`.execute(db)).rejects.toThrow();
    await expect(sql`select id from member_group`.execute(db)).rejects.toThrow();
    // Left as the other tests expect it.
    await up(db as never);
    await scim.up(db as never);
  });
});
