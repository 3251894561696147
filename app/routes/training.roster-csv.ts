import { exportRoster } from "~/workflows/roster-export.server";
import type { Route } from "./+types/training.roster-csv";

// GET /training/roster.csv?status=…&group=…&sort=…&dir=…: the filtered roster as a CSV download.
export function loader({ request }: Route.LoaderArgs) {
  return exportRoster(request, "csv");
}
