import { requireUser } from "~/platform/auth/index.server";
import { requireManager } from "~/domain/compliance/index.server";
import { auditPackageResponse } from "~/domain/evidence/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import type { Route } from "./+types/training.evidence-package";

// GET /training/evidence/package: the audit package of the organisation the signed-in manager
// manages; anyone else is refused (403), as on the managers' other pages.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { organisation } = await requireManager(user, request);
  getLogger().info(
    { event: "manager.evidence-package", organisationId: organisation.id, userId: user.id },
    "manager downloaded an evidence audit package",
  );
  return auditPackageResponse(organisation, { appUrl: getEnv().APP_URL, userId: user.id });
}
