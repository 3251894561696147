import { RENEWAL_OPENS_DAYS } from "~/domain/certificates";
import {
  FIELD_MESSAGES,
  maxLengthMessage,
  optionalText,
  requiredText,
} from "~/platform/lib/form-fields";
import { GROUP_KINDS } from "./rules";
import { z } from "~/platform/lib/zod";
import {
  DUE_DAYS_MAX,
  ESCALATION_DAYS_MAX,
  MEMBER_ROLES,
  ORGANISATION_REGIONS,
  RECURRENCES,
  REQUIREMENT_CATEGORIES,
} from "./constants";

// The forms that manage an organisation's requirements (SPEC §3 compliance requirement), used by
// the browser for instant feedback and by the server for the verdict. Messages are dictionary keys.

export const REQUIREMENT_NAME_MAX = 120;
export const REQUIREMENT_DESCRIPTION_MAX = 1000;
export const REQUIREMENT_POINTS_MAX = 10_000;
export const EXTENSION_REASON_MAX = 500;
/**
 * A renewal can open no earlier than a certificate's own renewal period (RENEWAL_OPENS_DAYS before
 * it expires): a pass before that would not renew the certificate, so it could not fulfil the
 * cycle either.
 */
export const WINDOW_DAYS_MAX = RENEWAL_OPENS_DAYS;

export const REQUIREMENT_INTENTS = [
  "create",
  "update",
  "remove",
  "settings",
  "role",
  "extend",
  "group-create",
  "group-add",
  "group-remove",
  "line-manager",
  "reviewer-add",
  "reviewer-remove",
] as const;

export const GROUP_NAME_MAX = 80;
/** The most groups a requirement's audience may name. */
export const AUDIENCE_GROUPS_MAX = 50;
export type RequirementIntent = (typeof REQUIREMENT_INTENTS)[number];

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused, not rolled over to March). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** An IANA time zone name this runtime knows (Intl throws a RangeError for any other). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

const required = (issue: { input: unknown }, otherwise: string) =>
  issue.input === undefined || issue.input === null ? FIELD_MESSAGES.required : otherwise;

function calendarDate() {
  return requiredText(32).refine(isCalendarDate, "requirements:errors.date");
}

function wholeNumber(min: number, max: number, message: string) {
  return z
    .number({ error: (issue) => required(issue, message) })
    .int(message)
    .min(min, message)
    .max(max, message);
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: (issue) => required(issue, message) });
}

const id = z.string({ error: FIELD_MESSAGES.required }).trim().min(1).max(64);

/** The groups of an audience: `groupIds` are the organisation's; any other is refused. */
function audienceGroups(groupIds: readonly number[]) {
  return z
    .array(
      z
        .number({ error: "requirements:errors.unknownGroup" })
        .refine((id) => groupIds.includes(id), "requirements:errors.unknownGroup"),
      { error: "requirements:errors.unknownGroup" },
    )
    .max(AUDIENCE_GROUPS_MAX, "requirements:errors.unknownGroup")
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]);
}

/**
 * A requirement as an admin or manager sets it. `fulfilmentKeys` are the catalogue's items
 * (`module:<id>`, `track:<id>`), `groupIds` the organisation's groups; any other is refused. It is
 * due on a fixed date, or `dueDays` after each member's assignment when that is given.
 */
export function requirementSchema(fulfilmentKeys: readonly string[], groupIds: readonly number[]) {
  return z
    .object({
      name: requiredText(REQUIREMENT_NAME_MAX),
      description: requiredText(REQUIREMENT_DESCRIPTION_MAX),
      category: choice(REQUIREMENT_CATEGORIES, "requirements:errors.category"),
      points: wholeNumber(
        1,
        REQUIREMENT_POINTS_MAX,
        `requirements:errors.points?max=${REQUIREMENT_POINTS_MAX}`,
      ),
      dueDate: optionalText(32).refine(
        (value) => value === undefined || isCalendarDate(value),
        "requirements:errors.date",
      ),
      dueDays: wholeNumber(
        1,
        DUE_DAYS_MAX,
        `requirements:errors.dueDays?max=${DUE_DAYS_MAX}`,
      ).optional(),
      groupIds: audienceGroups(groupIds),
      match: choice(["any", "all"] as const, "requirements:errors.match").optional(),
      joinedAfter: optionalText(32).refine(
        (value) => value === undefined || isCalendarDate(value),
        "requirements:errors.date",
      ),
      recurrence: choice(RECURRENCES, "requirements:errors.recurrence"),
      windowDays: wholeNumber(
        0,
        WINDOW_DAYS_MAX,
        `requirements:errors.windowDays?max=${WINDOW_DAYS_MAX}`,
      ),
      fulfilledBy: z
        .array(
          z
            .string()
            .max(200, maxLengthMessage(200))
            .refine((key) => fulfilmentKeys.includes(key), "requirements:errors.unknownItem"),
          { error: "requirements:errors.fulfilledBy" },
        )
        .min(1, "requirements:errors.fulfilledBy")
        .max(fulfilmentKeys.length, "requirements:errors.unknownItem")
        .transform((keys) => [...new Set(keys)]),
    })
    .superRefine((value, context) => {
      if (value.dueDays === undefined && value.dueDate === undefined) {
        context.addIssue({
          code: "custom",
          path: ["dueDate"],
          message: "requirements:errors.dueDateOrDays",
        });
      }
    });
}
export type RequirementInput = z.infer<ReturnType<typeof requirementSchema>>;

/** The bounds of an organisation's assessment settings (issue: assessment). */
export const ASSESSMENT_LIMITS = {
  finalPassPercent: { min: 50, max: 100 },
  finalItemCount: { min: 10, max: 40 },
  finalCoolingOffHours: { min: 0, max: 720 },
  timeFloorPercent: { min: 0, max: 100 },
} as const;

const bounded = (key: keyof typeof ASSESSMENT_LIMITS) => {
  const { min, max } = ASSESSMENT_LIMITS[key];
  return wholeNumber(min, max, `requirements:errors.${key}?min=${min}&max=${max}`);
};

export const OrganisationSettingsSchema = z.object({
  region: choice(ORGANISATION_REGIONS, "requirements:errors.region"),
  timeZone: requiredText(64).refine(isTimeZone, "requirements:errors.timeZone"),
  nextAudit: calendarDate(),
  finalPassPercent: bounded("finalPassPercent"),
  finalItemCount: bounded("finalItemCount"),
  finalCoolingOffHours: bounded("finalCoolingOffHours"),
  timeFloorPercent: bounded("timeFloorPercent"),
  escalationDays: wholeNumber(
    1,
    ESCALATION_DAYS_MAX,
    `requirements:errors.escalationDays?max=${ESCALATION_DAYS_MAX}`,
  ),
  /** A member's user id; blank: none. The server checks that they are a member. */
  complianceOwnerId: optionalText(64),
});
export type OrganisationSettingsInput = z.infer<typeof OrganisationSettingsSchema>;

export const MemberRoleSchema = z.object({
  userId: id,
  role: choice(MEMBER_ROLES, "requirements:errors.role"),
});
export type MemberRoleInput = z.infer<typeof MemberRoleSchema>;

export const ExtensionSchema = z.object({
  userId: requiredText(64),
  requirementId: wholeNumber(1, Number.MAX_SAFE_INTEGER, FIELD_MESSAGES.required),
  dueDate: calendarDate(),
  reason: requiredText(EXTENSION_REASON_MAX),
});
export type ExtensionInput = z.infer<typeof ExtensionSchema>;

export const GroupCreateSchema = z.object({
  kind: choice(GROUP_KINDS, "requirements:errors.groupKind"),
  name: requiredText(GROUP_NAME_MAX),
});
export type GroupCreateInput = z.infer<typeof GroupCreateSchema>;

export const GroupMemberSchema = z.object({
  groupId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "requirements:errors.unknownGroup"),
  userId: id,
});
export type GroupMemberInput = z.infer<typeof GroupMemberSchema>;

export const LineManagerSchema = z.object({
  userId: id,
  /** Blank: none. */
  managerId: optionalText(64),
});
export type LineManagerInput = z.infer<typeof LineManagerSchema>;

/** A member a manager names a reviewer of written answers, or no longer. */
export const ReviewerSchema = z.object({ userId: id });
export type ReviewerInput = z.infer<typeof ReviewerSchema>;

export const POLICY_VERSION_MAX = 40;
/** A policy's text: long enough for a code of conduct, short enough to read on one page. */
export const POLICY_BODY_MAX = 20_000;
/** A policy published as a PDF: up to 10 MB (a long handbook with its tables). */
export const POLICY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A policy a manager publishes: a new one, or (`policyId`, one of `policyIds`) a new version of
 * one, whose name and audience stay as they were. Its members are due `dueDays` after each
 * version's publication (or their own later assignment).
 */
export function policySchema(policyIds: readonly number[], groupIds: readonly number[]) {
  return z
    .object({
      policyId: z
        .number({ error: "policies:errors.unknownPolicy" })
        .refine((id) => policyIds.includes(id), "policies:errors.unknownPolicy")
        .optional(),
      name: optionalText(REQUIREMENT_NAME_MAX),
      description: optionalText(REQUIREMENT_DESCRIPTION_MAX).transform((value) => value ?? ""),
      version: requiredText(POLICY_VERSION_MAX),
      // With a document, the text is what the page shows above it, and may be left empty.
      body: optionalText(POLICY_BODY_MAX),
      // Checked to be a readable PDF on the server (policies.server.ts).
      // Checked below rather than with `z.instanceof`, which would add its code to every page.
      document: z.unknown().optional(),
      effectiveDate: calendarDate(),
      dueDays: wholeNumber(1, DUE_DAYS_MAX, `requirements:errors.dueDays?max=${DUE_DAYS_MAX}`),
      groupIds: audienceGroups(groupIds),
    })
    .superRefine((value, context) => {
      if (value.policyId === undefined && value.name === undefined) {
        context.addIssue({ code: "custom", path: ["name"], message: FIELD_MESSAGES.required });
      }
      if (value.document !== undefined && !(value.document instanceof File)) {
        context.addIssue({ code: "custom", path: ["document"], message: "policies:errors.notPdf" });
      } else if (
        value.document instanceof File &&
        value.document.size > POLICY_DOCUMENT_MAX_BYTES
      ) {
        context.addIssue({
          code: "custom",
          path: ["document"],
          message: "policies:errors.documentTooLarge",
        });
      }
      if (value.body === undefined && value.document === undefined) {
        context.addIssue({
          code: "custom",
          path: ["body"],
          message: "policies:errors.textOrDocument",
        });
      }
    })
    .transform(({ name, body, document, ...rest }) => ({
      ...rest,
      name: name ?? "",
      body: body ?? "",
      document: document as File | undefined,
    }));
}
export type PolicyInput = z.infer<ReturnType<typeof policySchema>>;

export const AttestSchema = z.object({
  versionId: wholeNumber(1, Number.MAX_SAFE_INTEGER, "policies:errors.stale"),
  understood: z.preprocess(
    (value) => value === "on" || value === "true",
    z.literal(true, { error: "policies:errors.understood" }),
  ),
});
