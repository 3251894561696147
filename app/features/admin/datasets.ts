import type { Selectable } from "kysely";
import type {
  ContactMessageTable,
  DemoRequestTable,
  OutboxTable,
  WaitlistEntryTable,
} from "~/db/schema";

// What the admin area lists and exports: the three lead-capture submissions and the outbox. Each
// list shows, and each CSV carries, these columns in this order.
export const SUBMISSION_DATASETS = ["waitlist", "contact", "demo"] as const;
export const ADMIN_DATASETS = [...SUBMISSION_DATASETS, "outbox"] as const;

export type SubmissionDataset = (typeof SUBMISSION_DATASETS)[number];
export type AdminDataset = (typeof ADMIN_DATASETS)[number];

export function isAdminDataset(value: string): value is AdminDataset {
  return (ADMIN_DATASETS as readonly string[]).includes(value);
}

export const DATASET_COLUMNS = {
  waitlist: [
    "id",
    "created_at",
    "updated_at",
    "name",
    "email",
    "company",
    "role",
    "product",
    "region",
    "locale",
    "submissions",
  ],
  contact: ["id", "created_at", "name", "email", "company", "inquiry_type", "message", "locale"],
  demo: [
    "id",
    "created_at",
    "name",
    "email",
    "company",
    "job_title",
    "company_size",
    "use_case",
    "preferred_time",
    "details",
    "locale",
  ],
  outbox: ["id", "created_at", "sent_at", "to_address", "subject", "status", "error", "body"],
} as const;

/** The columns the search box matches, case-insensitively, anywhere in the text. */
export const DATASET_SEARCH_COLUMNS = {
  waitlist: ["name", "email", "company"],
  contact: ["name", "email", "company", "message"],
  demo: ["name", "email", "company"],
  outbox: ["to_address", "subject"],
} as const;

type Columns<D extends AdminDataset> = (typeof DATASET_COLUMNS)[D][number];

export type WaitlistRow = Pick<Selectable<WaitlistEntryTable>, Columns<"waitlist">>;
export type ContactRow = Pick<Selectable<ContactMessageTable>, Columns<"contact">>;
export type DemoRow = Pick<Selectable<DemoRequestTable>, Columns<"demo">>;
export type OutboxRow = Pick<Selectable<OutboxTable>, Columns<"outbox">>;

export interface AdminRows {
  waitlist: WaitlistRow;
  contact: ContactRow;
  demo: DemoRow;
  outbox: OutboxRow;
}
