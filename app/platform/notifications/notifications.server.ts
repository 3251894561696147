import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { requireUser } from "~/platform/auth/index.server";
import { z } from "~/platform/lib/zod";
import { parseSubmission } from "~/platform/lib/reply.server";
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPriority,
  type NotificationType,
  type NotificationView,
} from "./constants";

// Notifications per user (SPEC §2 bell, §3): made by the events that concern the user, listed
// newest first, marked read, removed one by one or all at once. Only this feature reads the table.

/** Rows per insert: 9 parameters each stays well under SQLite's and PostgreSQL's limits. */
const NOTIFICATIONS_PER_INSERT = 500;

export interface NewNotification {
  /** What happened, once per user: notifying the same event again does nothing. */
  eventKey: string;
  kind: NotificationKind;
  params: Record<string, string>;
  type: NotificationType;
  priority: NotificationPriority;
  actionRequired: boolean;
  actionUrl?: string;
}

export async function notify(userId: string, notification: NewNotification): Promise<void> {
  await notifyMany([{ userId, notification }]);
}

/** Many users' notifications in a few statements (a job's pass), by the same rules as `notify`. */
export async function notifyMany(
  items: readonly { userId: string; notification: NewNotification }[],
): Promise<void> {
  const createdAt = new Date().toISOString();
  for (let start = 0; start < items.length; start += NOTIFICATIONS_PER_INSERT) {
    await getDb()
      .insertInto("notification")
      .values(
        items.slice(start, start + NOTIFICATIONS_PER_INSERT).map(({ userId, notification }) => ({
          user_id: userId,
          event_key: notification.eventKey,
          kind: notification.kind,
          params: JSON.stringify(notification.params),
          type: notification.type,
          priority: notification.priority,
          action_required: notification.actionRequired ? 1 : 0,
          action_url: notification.actionUrl ?? null,
          created_at: createdAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(["user_id", "event_key"]).doNothing())
      .execute();
  }
}

/** Marks as read the user's notifications of these events (what they asked for was done). */
export async function settleNotifications(userId: string, eventKeys: string[]): Promise<void> {
  if (eventKeys.length === 0) return;
  await getDb()
    .updateTable("notification")
    .set({ read_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("event_key", "in", eventKeys)
    .where("read_at", "is", null)
    .execute();
}

const isKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

export async function listNotifications(userId: string): Promise<NotificationView[]> {
  const rows = await getDb()
    .selectFrom("notification")
    .select([
      "id",
      "kind",
      "params",
      "type",
      "priority",
      "action_required",
      "action_url",
      "created_at",
      "read_at",
    ])
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.flatMap((row) =>
    isKind(row.kind)
      ? [
          {
            id: Number(row.id),
            kind: row.kind,
            params: JSON.parse(row.params) as Record<string, string>,
            type: row.type,
            priority: row.priority,
            actionRequired: Number(row.action_required) === 1,
            actionUrl: row.action_url,
            createdAt: row.created_at,
            read: row.read_at !== null,
          },
        ]
      : [],
  );
}

/** Removes every notification of a user (Factory Reset). */
export async function removeAllNotifications(userId: string, now = new Date()): Promise<void> {
  await getDb()
    .updateTable("notification")
    .set({ removed_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .execute();
}

/** The bell's count: unread notifications that ask for an action. */
export async function countNeedingAction(userId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("notification")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userId)
    .where("removed_at", "is", null)
    .where("read_at", "is", null)
    .where("action_required", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("read"),
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31),
  }),
  z.object({
    intent: z.literal("remove"),
    id: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31),
  }),
  z.object({ intent: z.literal("clear") }),
]);

export type NotificationReply = { ok: true; intent: "read" | "remove" | "clear" };

/** The notifications page's forms: mark one read, remove one, or clear all (the user's own only). */
export async function changeNotifications(request: Request, fields: Record<string, string>) {
  const user = await requireUser(request);
  const parsed = parseSubmission(fields, ActionSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const now = new Date().toISOString();
  let query = getDb()
    .updateTable("notification")
    .where("user_id", "=", user.id)
    .where("removed_at", "is", null);
  if (parsed.value.intent !== "clear") query = query.where("id", "=", parsed.value.id);
  const result = await (
    parsed.value.intent === "read"
      ? query.set({ read_at: now }).where("read_at", "is", null)
      : query.set({ removed_at: now })
  ).executeTakeFirst();
  if (parsed.value.intent !== "clear" && Number(result.numUpdatedRows) === 0) {
    // Another user's notification, one already gone, or one already read: nothing to change.
    const exists = await getDb()
      .selectFrom("notification")
      .select("id")
      .where("user_id", "=", user.id)
      .where("id", "=", parsed.value.id)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!exists) return data({ ok: false as const, error: "not_found" }, { status: 404 });
  }
  return { ok: true as const, intent: parsed.value.intent };
}

export async function loadNotificationsPage(request: Request) {
  const user = await requireUser(request);
  return { notifications: await listNotifications(user.id) };
}
