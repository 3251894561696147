import { requireAdmin } from "~/platform/auth/index.server";
import type { AdminDataset } from "./datasets";
import { listDataset } from "./datasets.server";
import { parseAdminListQuery } from "./list-query";

/** A list page's data: the admin guard, then the page of rows the URL's search and page ask for. */
export async function loadAdminList<D extends AdminDataset>(request: Request, dataset: D) {
  await requireAdmin(request);
  return listDataset(dataset, parseAdminListQuery(new URL(request.url).searchParams));
}
