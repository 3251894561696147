import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { getOptionalUser } from "~/platform/auth/index.server";
import { usesHttps } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";

// Who is learning (ARCHITECTURE "Learning core"): a signed-in user, or a guest known by a random
// id in an HttpOnly cookie. A guest is created on the first answer, never on a page view; at
// sign-in the guest's takes move to the account.

export const GUEST_COOKIE = "kestrel-learner";
/** Guests unused this long are deleted with everything they did. */
export const GUEST_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const guestCookie = createCookie(GUEST_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: GUEST_RETENTION_DAYS * 24 * 60 * 60,
});

export type Learner =
  | { kind: "user"; id: string | null; userId: string; name: string; email: string; role: string }
  | { kind: "guest"; id: string | null };

const GUEST_ID = /^g_[A-Za-z0-9_-]{22}$/;

/** The guest learner a request's cookie names, or null. */
export async function guestIdOf(request: Request): Promise<string | null> {
  const value: unknown = await guestCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && GUEST_ID.test(value) ? value : null;
}

/**
 * The learner behind a request, without creating anything: `id` is null until they first answer.
 * A guest cookie naming no stored learner (purged, or forged) counts as no guest.
 */
export function getLearner(request: Request): Promise<Learner> {
  // The training frame's loader and the page's both ask: one lookup per request.
  let learner = learners.get(request);
  if (!learner) {
    learner = readLearner(request);
    learners.set(request, learner);
  }
  return learner;
}

const learners = new WeakMap<Request, Promise<Learner>>();

async function readLearner(request: Request): Promise<Learner> {
  const user = await getOptionalUser(request);
  if (user) {
    const row = await getDb()
      .selectFrom("learner")
      .select("id")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    return {
      kind: "user",
      id: row?.id ?? null,
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role ?? "learner",
    };
  }
  const guestId = await guestIdOf(request);
  if (!guestId) return { kind: "guest", id: null };
  const row = await getDb()
    .selectFrom("learner")
    .select("id")
    .where("id", "=", guestId)
    .where("user_id", "is", null)
    .executeTakeFirst();
  return { kind: "guest", id: row?.id ?? null };
}

/**
 * The learner's id, created on their first recorded action. For a new guest, `setCookie` carries
 * the cookie the answer must set.
 */
export async function ensureLearner(
  learner: Learner,
  now = new Date(),
): Promise<{ id: string; setCookie?: string }> {
  const at = now.toISOString();
  if (learner.id) {
    await getDb()
      .updateTable("learner")
      .set({ last_seen_at: at })
      .where("id", "=", learner.id)
      .execute();
    return { id: learner.id };
  }
  const id = `${learner.kind === "user" ? "u" : "g"}_${randomBytes(16).toString("base64url")}`;
  if (learner.kind === "user") {
    // Two first answers at once: the second finds the row the first made.
    await getDb()
      .insertInto("learner")
      .values({ id, user_id: learner.userId, created_at: at, last_seen_at: at })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
    const row = await getDb()
      .selectFrom("learner")
      .select("id")
      .where("user_id", "=", learner.userId)
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }
  await getDb()
    .insertInto("learner")
    .values({ id, user_id: null, created_at: at, last_seen_at: at })
    .execute();
  await purgeNowAndThen(now);
  return { id, setCookie: await guestCookie.serialize(id, { secure: usesHttps() }) };
}

/**
 * At sign-in (app/workflows/adopt-guest.server.ts): the guest's takes become the account's (every
 * take is kept, so the best score and the earliest completion win by themselves). A guest that is
 * the account's first learner simply becomes it; otherwise answers the account's learner, which
 * the other features' guest work moves to before `removeGuest`. Null when there is no such guest.
 */
export async function claimGuest(
  guestId: string,
  userId: string,
  now = new Date(),
): Promise<{ mergeInto: string | null } | null> {
  const db = getDb();
  const guest = await db
    .selectFrom("learner")
    .select("id")
    .where("id", "=", guestId)
    .where("user_id", "is", null)
    .executeTakeFirst();
  if (!guest) return null;
  const at = now.toISOString();
  const account = await db
    .selectFrom("learner")
    .select("id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!account) {
    await db
      .updateTable("learner")
      .set({ user_id: userId, last_seen_at: at })
      .where("id", "=", guestId)
      .execute();
    return { mergeInto: null };
  }
  await db
    .updateTable("training_run")
    .set({ learner_id: account.id })
    .where("learner_id", "=", guestId)
    .execute();
  await db.updateTable("learner").set({ last_seen_at: at }).where("id", "=", account.id).execute();
  return { mergeInto: account.id };
}

/** Deletes a guest whose work has moved to an account's learner. */
export async function removeGuest(guestId: string): Promise<void> {
  await getDb()
    .deleteFrom("learner")
    .where("id", "=", guestId)
    .where("user_id", "is", null)
    .execute();
}

/** The Set-Cookie header that clears the guest cookie. */
export function clearGuestCookie(): Promise<string> {
  return guestCookie.serialize("", { maxAge: 0, secure: usesHttps() });
}

/** Deletes guests unused for GUEST_RETENTION_DAYS, with their takes and answers. */
export async function purgeGuestLearners(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_RETENTION_DAYS * DAY_MS).toISOString();
  return inOneTransaction(async () => {
    const db = getDb();
    const stale = db
      .selectFrom("learner")
      .select("id")
      .where("user_id", "is", null)
      .where("last_seen_at", "<", before);
    const runs = db.selectFrom("training_run").select("id").where("learner_id", "in", stale);
    await db.deleteFrom("training_answer").where("run_id", "in", runs).execute();
    await db.deleteFrom("training_run").where("learner_id", "in", stale).execute();
    const result = await db
      .deleteFrom("learner")
      .where("user_id", "is", null)
      .where("last_seen_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

const PURGE_EVERY_MS = 60 * 60 * 1000;
let nextPurgeAt = 0;

/** At most once an hour per process, when a guest arrives: no job to schedule. */
async function purgeNowAndThen(now: Date): Promise<void> {
  if (now.getTime() < nextPurgeAt) return;
  nextPurgeAt = now.getTime() + PURGE_EVERY_MS;
  try {
    const deleted = await purgeGuestLearners(now);
    if (deleted > 0) getLogger().info({ deleted }, "stale guest learners deleted");
  } catch (error) {
    // The new guest is already saved; a clean-up that fails waits for the next turn.
    getLogger().warn({ err: error }, "stale guest learners could not be deleted");
  }
}

/** When the learner last used Factory Reset (null if never): work from before no longer counts. */
export async function progressResetAt(learnerId: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom("learner")
    .select("progress_reset_at")
    .where("id", "=", learnerId)
    .executeTakeFirst();
  return row?.progress_reset_at ?? null;
}
