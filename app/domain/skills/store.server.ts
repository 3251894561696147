import { getDb, inOneTransaction } from "~/platform/db/db.server";
import type { Region } from "~/platform/i18n";
import { getEnv } from "~/platform/lib/env.server";
import type { AdvisorSource } from "~/domain/advisor/index.server";
import type { ScrubResult } from "./pii";
import { isTimeZone, weekOf } from "./week";

// The generator's records: each user's time zone, the runs counted against the weekly quota (SPEC
// §9: a week starts on Monday 00:00 local time) with what they produced, and saved drafts.

/** Where a user's week is counted until their browser has said: their region's zone. */
export const REGION_TIME_ZONES: Record<Region, string> = {
  sg: "Asia/Singapore",
  th: "Asia/Bangkok",
  my: "Asia/Kuala_Lumpur",
  id: "Asia/Jakarta",
  ph: "Asia/Manila",
  vn: "Asia/Ho_Chi_Minh",
  ca: "America/Toronto",
  us: "America/New_York",
};

export interface SkillDetails {
  sources: AdvisorSource[];
  removed: ScrubResult["removed"];
  provider: string;
  fallback: boolean;
}

export interface Quota {
  used: number;
  limit: number;
  resetsAt: string;
  timeZone: string;
}

export async function timeZoneOf(userId: string, region: Region): Promise<string> {
  const row = await getDb()
    .selectFrom("skill_profile")
    .select("time_zone")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.time_zone ?? REGION_TIME_ZONES[region];
}

async function runsSince(userId: string, since: Date): Promise<number> {
  const row = await getDb()
    .selectFrom("skill_run")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function quotaOf(userId: string, region: Region, now = new Date()): Promise<Quota> {
  const timeZone = await timeZoneOf(userId, region);
  const week = weekOf(now, timeZone);
  return {
    used: await runsSince(userId, week.start),
    limit: getEnv().SKILL_RUNS_PER_WEEK,
    resetsAt: week.end.toISOString(),
    timeZone,
  };
}

export type Reservation = { ok: true; runId: number; quota: Quota } | { ok: false; quota: Quota };

/**
 * Takes one run of the week's quota, or says it is spent. The first statement writes the user's
 * profile row (a row lock on PostgreSQL, the write lock on SQLite), so runs asked for at once queue
 * here and the count never passes the limit.
 */
export async function reserveRun(
  userId: string,
  skillId: string,
  zone: { browser?: string; region: Region },
  now = new Date(),
): Promise<Reservation> {
  return inOneTransaction(async () => {
    const db = getDb();
    const stored = await timeZoneOf(userId, zone.region);
    const timeZone = zone.browser && isTimeZone(zone.browser) ? zone.browser : stored;
    await db
      .insertInto("skill_profile")
      .values({ user_id: userId, time_zone: timeZone, updated_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ time_zone: timeZone, updated_at: now.toISOString() }),
      )
      .execute();
    const week = weekOf(now, timeZone);
    const limit = getEnv().SKILL_RUNS_PER_WEEK;
    const used = await runsSince(userId, week.start);
    const quota = { used, limit, resetsAt: week.end.toISOString(), timeZone };
    if (used >= limit) return { ok: false, quota };
    const run = await db
      .insertInto("skill_run")
      .values({
        user_id: userId,
        skill_id: skillId,
        provider: "pending",
        input: "",
        content: "",
        details: "{}",
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, runId: Number(run.id), quota: { ...quota, used: used + 1 } };
  });
}

export async function completeRun(
  runId: number,
  result: { input: string; markdown: string; details: SkillDetails },
): Promise<void> {
  await getDb()
    .updateTable("skill_run")
    .set({
      provider: result.details.provider,
      input: result.input,
      content: result.markdown,
      details: JSON.stringify(result.details),
    })
    .where("id", "=", runId)
    .execute();
}

/** A run that failed gives its place in the quota back. */
export async function releaseRun(runId: number): Promise<void> {
  await getDb().deleteFrom("skill_run").where("id", "=", runId).execute();
}

export interface StoredDraft {
  id: number;
  skillId: string;
  input: string;
  markdown: string;
  details: SkillDetails;
  createdAt: string;
}

const toDraft = (row: {
  id: number;
  skill_id: string;
  input: string;
  content: string;
  details: string;
  created_at: string;
}): StoredDraft => ({
  id: Number(row.id),
  skillId: row.skill_id,
  input: row.input,
  markdown: row.content,
  details: JSON.parse(row.details) as SkillDetails,
  createdAt: row.created_at,
});

export async function findRun(userId: string, runId: number): Promise<StoredDraft | undefined> {
  const row = await getDb()
    .selectFrom("skill_run")
    .select(["id", "skill_id", "input", "content", "details", "created_at"])
    .where("user_id", "=", userId)
    .where("id", "=", runId)
    .where("provider", "!=", "pending")
    .executeTakeFirst();
  return row && toDraft(row);
}

/** Saves a run the user generated as a draft. */
export async function saveDraft(userId: string, runId: number, now = new Date()) {
  const run = await findRun(userId, runId);
  if (!run) return null;
  const row = await getDb()
    .insertInto("skill_draft")
    .values({
      user_id: userId,
      skill_id: run.skillId,
      input: run.input,
      content: run.markdown,
      details: JSON.stringify(run.details),
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listDrafts(userId: string): Promise<StoredDraft[]> {
  const rows = await getDb()
    .selectFrom("skill_draft")
    .select(["id", "skill_id", "input", "content", "details", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return rows.map(toDraft);
}

export async function findDraft(userId: string, id: number): Promise<StoredDraft | undefined> {
  const row = await getDb()
    .selectFrom("skill_draft")
    .select(["id", "skill_id", "input", "content", "details", "created_at"])
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toDraft(row);
}

export async function deleteDraft(userId: string, id: number): Promise<boolean> {
  const result = await getDb()
    .deleteFrom("skill_draft")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
