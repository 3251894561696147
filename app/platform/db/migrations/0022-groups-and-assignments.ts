import { type Kysely, sql } from "kysely";
import { serialId } from "./helpers";

// Organisations for real (docs/decisions/046-groups-and-relative-due-dates.md): groups of members
// (teams, departments, roles, locations), requirements assigned to everyone, to groups or by rule,
// due a number of days after each member's assignment or on a fixed date, restarts of a member's
// assignment (reassigned by a manager, or newly in a requirement's audience), excusals, and the
// settings escalation needs (the compliance owner, the days overdue before escalating, each
// member's line manager).

/**
 * SPEC §9's four requirements as every organisation got them until now. Those still as they came
 * (never edited by anyone: `updated_by` is 'system') become due 30 days after each member's
 * assignment; a date a manager set stays fixed. Listed here, not imported, so this migration
 * keeps meaning what it meant when it shipped.
 */
const SPEC_DEFAULTS = [
  ["AML Training", "2025-12-31"],
  ["Suspicious Transaction Reporting", "2026-02-15"],
  ["Customer Due Diligence", "2025-11-30"],
  ["Record Keeping", "2026-03-01"],
] as const;
const DEFAULT_DUE_DAYS = 30;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: due on `due_date` (fixed). A number: due that many days after each member's assignment;
  // `due_date` is then not read and keeps the fixed date it had, for the record and for `down`.
  await db.schema.alterTable("requirement").addColumn("due_days", "integer").execute();
  // Null: everyone in the organisation. Else JSON {groupIds, match: any|all, joinedAfter}.
  await db.schema.alterTable("requirement").addColumn("audience", "text").execute();

  await db.schema
    .alterTable("organisation")
    .addColumn("escalation_days", "integer", (col) => col.notNull().defaultTo(7))
    .execute();
  // A member's user id; the escalations' last step. No foreign key: SQLite cannot drop a column
  // that has one, and a reader finds a departed owner by the missing membership.
  await db.schema.alterTable("organisation").addColumn("compliance_owner_id", "text").execute();
  // The member's line manager (a user id of the same organisation), copied on escalations.
  await db.schema.alterTable("organisation_member").addColumn("manager_id", "text").execute();
  // Who a reminder went to beyond the learner (an escalation's manager or owner), and who asked
  // for it (a manager's "remind now"); null for the job's own reminders to the learner.
  await db.schema.alterTable("reminder_claim").addColumn("sent_to", "text").execute();
  await db.schema.alterTable("reminder_claim").addColumn("actor_email", "text").execute();

  await db.schema
    .createTable("member_group")
    .addColumn("id", "integer", serialId(db))
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // team | department | role | location.
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addUniqueConstraint("member_group_name", ["organisation_id", "kind", "name"])
    .execute();

  await db.schema
    .createTable("member_group_member")
    .addColumn("group_id", "integer", (col) =>
      col.notNull().references("member_group.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // When they joined the group: a requirement assigned to it is dated from here.
    .addColumn("added_at", "text", (col) => col.notNull())
    .addColumn("added_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("member_group_member_pk", ["group_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("member_group_member_user")
    .on("member_group_member")
    .columns(["user_id"])
    .execute();

  // A member's assignment to a requirement starting again: only ever added, the newest counts.
  // Passes, extensions and reminders before it do not count towards the new assignment.
  await db.schema
    .createTable("requirement_restart")
    .addColumn("id", "integer", serialId(db))
    .addColumn("requirement_id", "integer", (col) =>
      col.notNull().references("requirement.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("assigned_at", "text", (col) => col.notNull())
    // reassigned (a manager's action) | audience (newly in the requirement's audience).
    .addColumn("cause", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("actor_email", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("requirement_restart_requirement")
    .on("requirement_restart")
    .columns(["requirement_id", "user_id"])
    .execute();

  // A member excused from a requirement's current assignment, with the reason; only ever added.
  await db.schema
    .createTable("requirement_excusal")
    .addColumn("id", "integer", serialId(db))
    .addColumn("requirement_id", "integer", (col) =>
      col.notNull().references("requirement.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("requirement_excusal_requirement")
    .on("requirement_excusal")
    .columns(["requirement_id", "user_id"])
    .execute();

  for (const [name, dueDate] of SPEC_DEFAULTS) {
    await db
      .updateTable("requirement" as never)
      .set({ due_days: DEFAULT_DUE_DAYS } as never)
      .where(sql.ref("name"), "=", name)
      .where(sql.ref("due_date"), "=", dueDate)
      .where(sql.ref("updated_by"), "=", "system")
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "requirement_excusal",
    "requirement_restart",
    "member_group_member",
    "member_group",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("reminder_claim").dropColumn("actor_email").execute();
  await db.schema.alterTable("reminder_claim").dropColumn("sent_to").execute();
  await db.schema.alterTable("organisation_member").dropColumn("manager_id").execute();
  await db.schema.alterTable("organisation").dropColumn("compliance_owner_id").execute();
  await db.schema.alterTable("organisation").dropColumn("escalation_days").execute();
  await db.schema.alterTable("requirement").dropColumn("audience").execute();
  // The fixed dates were never overwritten: every requirement is due on its `due_date` again.
  await db.schema.alterTable("requirement").dropColumn("due_days").execute();
}
