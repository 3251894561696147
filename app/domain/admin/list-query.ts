import { z } from "~/platform/lib/zod";
import { ADMIN_SEARCH_MAX_LENGTH } from "./constants";

/**
 * A list page's `q` and `page`. Whatever the URL holds, the result is usable: a value that does not
 * parse (too long, not a whole number, below 1) falls back to no search or the first page.
 */
export const AdminListQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).catch(""),
  page: z.coerce.number().int().min(1).catch(1),
});

export type AdminListQuery = z.output<typeof AdminListQuerySchema>;

export function parseAdminListQuery(params: URLSearchParams): AdminListQuery {
  return AdminListQuerySchema.parse({
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** One page of a list: its rows, where it sits among the pages, and the search that made it. */
export interface AdminPage<Row> {
  rows: Row[];
  q: string;
  page: number;
  pageCount: number;
  total: number;
}
