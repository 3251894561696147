// Reports (SPEC §2 training home, §3 report): what can be asked for, and how each is shown.

export const REPORT_KINDS = ["training-register", "certification", "training-record"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ["csv", "pdf"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The formats each report comes in: a learner's own record is a document to keep, so PDF only. */
export const FORMATS_BY_KIND: Readonly<Record<ReportKind, readonly ReportFormat[]>> = {
  "training-register": ["csv", "pdf"],
  certification: ["csv", "pdf"],
  "training-record": ["pdf"],
};

/** Reports about the whole organisation: managers and admins only. */
export const ORGANISATION_KINDS: readonly ReportKind[] = ["training-register", "certification"];

/** SPEC §3 report types: the register is what an audit asks for. */
export const REPORT_TYPE_BY_KIND = {
  "training-register": "audit",
  certification: "certification",
  "training-record": "training",
} as const satisfies Record<ReportKind, string>;
export type ReportType = (typeof REPORT_TYPE_BY_KIND)[ReportKind];

/**
 * SPEC §3 report statuses as shown: queued and running read "pending", a pending report past its
 * due date "overdue"; a failed build is shown as failed, with a retry. Nothing is ever a draft: a
 * report is built as soon as it is asked for.
 */
export type ReportStatusShown = "pending" | "overdue" | "completed" | "failed";

/** How many of a user's reports may wait to be built at once. */
export const MAX_PENDING_REPORTS = 3;

/** A certificate expiring within this many days is listed as expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

/** A build that started this long ago without finishing is taken to have died with its server. */
export const STALE_RUNNING_MINUTES = 10;
