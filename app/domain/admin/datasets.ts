// What the admin area lists and exports: the three lead-capture submissions, the outbox and the
// certificates issued. Each
// feature that owns one of them says which columns staff see (docs/decisions/015-one-data-path.md).
export const SUBMISSION_DATASETS = ["waitlist", "contact", "demo"] as const;
export const ADMIN_DATASETS = [...SUBMISSION_DATASETS, "outbox", "certificates"] as const;

export type SubmissionDataset = (typeof SUBMISSION_DATASETS)[number];
export type AdminDataset = (typeof ADMIN_DATASETS)[number];

export function isAdminDataset(value: string): value is AdminDataset {
  return (ADMIN_DATASETS as readonly string[]).includes(value);
}
