import { downloadCertificateCredential } from "~/domain/certificates/index.server";
import type { Route } from "./+types/training.certificate-credential";

// GET /training/certificates/<code>/credential: the holder's Open Badges 3.0 credential (JSON).
export function loader({ request, params }: Route.LoaderArgs) {
  return downloadCertificateCredential(request, params.code);
}
