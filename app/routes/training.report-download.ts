import { downloadReport } from "~/domain/reports/index.server";
import type { Route } from "./+types/training.report-download";

// GET /training/reports/<id>/download: a completed report's file (404 to anyone not allowed it).
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadReport(request, params.id);
}
