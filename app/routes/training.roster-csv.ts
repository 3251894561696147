import { requireUser } from "~/platform/auth/index.server";
import { requireManager, rosterCsv } from "~/domain/compliance/index.server";
import { rosterFilters } from "~/domain/compliance/forms";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import type { Route } from "./+types/training.roster-csv";

// GET /training/roster.csv?status=…&group=…&sort=…&dir=…: the roster's rows those filters keep,
// every page of them, as a CSV download for the manager's own organisation.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { organisation } = await requireManager(user, request);
  const filters = rosterFilters(new URL(request.url).searchParams);
  const { filename, csv, rows } = await rosterCsv(organisation, filters, getEnv().APP_URL);
  // Exports carry personal data out of Kestrel: who took what is kept in the log.
  getLogger().info(
    { event: "roster.export", organisationId: organisation.id, rows, userId: user.id },
    "a manager exported the roster",
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
