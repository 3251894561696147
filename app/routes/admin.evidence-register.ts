import { requireAdmin } from "~/platform/auth/index.server";
import { listOrganisations } from "~/domain/compliance/index.server";
import { parseRegisterQuery, registerCsvFile } from "~/domain/evidence/index.server";
import { getLogger } from "~/platform/lib/logger.server";
import type { Route } from "./+types/admin.evidence-register";

// GET /admin/evidence/register.csv?organisation=…&learner=…&scenario=…&from=…&to=…: every record
// the register's filters match, with its hashes, as a CSV download.
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const filters = parseRegisterQuery(new URL(request.url).searchParams);
  const names = new Map((await listOrganisations()).map(({ id, name }) => [id, name]));
  const { bytes, name, rows } = await registerCsvFile(filters, names, { userId: user.id });
  // Exports carry personal data out of Kestrel: who took what is kept in the log.
  getLogger().info(
    { event: "admin.export", dataset: "evidence", rows, userId: user.id },
    "admin exported the evidence register",
  );
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
