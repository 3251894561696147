export { AdminList } from "./admin-list";
export { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX_LENGTH, EVENT_WINDOW_DAYS } from "./constants";
export { AdminDate, DataTable, type Column } from "./data-table";
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
