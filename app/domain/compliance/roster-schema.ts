import { FIELD_MESSAGES, optionalText, requiredText } from "~/platform/lib/form-fields";
import { z } from "~/platform/lib/zod";

// The roster's filters (its address) and its actions (a post naming the selected rows), read by
// the page for instant feedback and by the server for the verdict. Messages are dictionary keys.

export const ROSTER_STATUSES = ["all", "overdue", "due-soon", "completed", "excused"] as const;
export const ROSTER_SORTS = ["name", "requirement", "status", "due"] as const;
export const ROSTER_ACTIONS = ["remind", "excuse", "reassign"] as const;
/** The most rows one post may act on: a page of a large organisation, not all of it at once. */
export const ROSTER_SELECTION_MAX = 500;
export const ROSTER_REASON_MAX = 500;
/** Rows per page of the roster (an organisation of thousands has tens of thousands of rows). */
export const ROSTER_PAGE_SIZE = 200;

/** A row of the roster: a member and a requirement. */
export const rowKey = (userId: string, requirementId: number) => `${requirementId}:${userId}`;

const ROW_KEY = /^\d{1,15}:[A-Za-z0-9_-]{1,64}$/;

/** A roster address's filters; anything unknown reads as the default, never as an error. */
export const RosterFiltersSchema = z.object({
  status: z.enum(ROSTER_STATUSES).catch("all"),
  group: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .catch(undefined),
  sort: z.enum(ROSTER_SORTS).catch("status"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type RosterFilters = z.infer<typeof RosterFiltersSchema>;

export function rosterFilters(params: URLSearchParams): RosterFilters {
  return RosterFiltersSchema.parse({
    status: params.get("status") ?? undefined,
    group: params.get("group") || undefined,
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

const rows = z
  .array(z.string().max(100).regex(ROW_KEY, "roster:errors.unknownRow"), {
    error: "roster:errors.noneSelected",
  })
  .min(1, "roster:errors.noneSelected")
  .max(ROSTER_SELECTION_MAX, `roster:errors.tooMany?max=${ROSTER_SELECTION_MAX}`)
  .transform((keys) => [...new Set(keys)]);

export const RosterActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("remind"), rows, reason: optionalText(ROSTER_REASON_MAX) }),
    z.object({
      intent: z.literal("excuse"),
      rows,
      reason: requiredText(ROSTER_REASON_MAX, "roster:errors.reason"),
    }),
    z.object({
      intent: z.literal("reassign"),
      rows,
      reason: requiredText(ROSTER_REASON_MAX, "roster:errors.reason"),
    }),
  ],
  { error: FIELD_MESSAGES.required },
);
export type RosterAction = z.infer<typeof RosterActionSchema>;
