export { AdminList } from "./admin-list";
// The columns AdminList takes; the table itself is the UI kit's (~/platform/ui/data-table).
export type { Column } from "~/platform/ui/data-table";
export { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX_LENGTH, EVENT_WINDOW_DAYS } from "./constants";
export { AdminDate } from "./admin-date";
export {
  ADMIN_DATASETS,
  SUBMISSION_DATASETS,
  isAdminDataset,
  type AdminDataset,
  type SubmissionDataset,
} from "./datasets";
export { formatAdminCount, formatAdminDate } from "./format";
export {
  AdminListQuerySchema,
  parseAdminListQuery,
  type AdminListQuery,
  type AdminPage,
} from "./list-query";
export { adminPageMeta } from "./page-meta";
export { Pagination } from "./pagination";
export { SearchForm } from "./search-form";
