import { isAdminDataset, parseAdminListQuery } from "~/domain/admin";
import { exportDatasetCsv } from "~/domain/admin/index.server";
import { requireAdmin } from "~/platform/auth/index.server";
import { getLogger } from "~/platform/lib/logger.server";
import type { Route } from "./+types/admin.export";

// GET /admin/export/<dataset>.csv?q=…: every row the list's search matches, as a CSV download.
// The guard comes first, so only an admin learns which datasets exist.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const dataset = params.dataset.replace(/\.csv$/, "");
  if (!params.dataset.endsWith(".csv") || !isAdminDataset(dataset)) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { q } = parseAdminListQuery(new URL(request.url).searchParams);
  const { filename, csv, rows } = await exportDatasetCsv(dataset, { q });
  // Exports carry personal data out of Kestrel: who took what is kept in the log.
  getLogger().info(
    { event: "admin.export", dataset, searched: q !== "", rows, userId: user.id },
    "admin exported a dataset",
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
