import { downloadCertificatePdf } from "~/domain/certificates/index.server";
import training from "../../locales/en/training.json";
import { addEnglishNamespaces } from "~/platform/i18n";
import type { Route } from "./+types/training.certificate-pdf";

addEnglishNamespaces({ training });

// GET /training/certificates/<code>/pdf: the holder's certificate as a PDF (404 to anyone else).
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadCertificatePdf(request, params.code);
}
