import { exportRoster } from "~/workflows/roster-export.server";
import roster from "../../locales/en/roster.json";
import { addEnglishNamespaces } from "~/platform/i18n";
import type { Route } from "./+types/training.roster-pdf";

addEnglishNamespaces({ roster });

// GET /training/roster.pdf?status=…&group=…&sort=…&dir=…: the filtered roster as a PDF download.
export function loader({ request }: Route.LoaderArgs) {
  return exportRoster(request, "pdf");
}
