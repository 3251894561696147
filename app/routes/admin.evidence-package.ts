import { data } from "react-router";
import { requireAdmin } from "~/platform/auth/index.server";
import { findOrganisation } from "~/domain/compliance/index.server";
import { auditPackageResponse } from "~/domain/evidence/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import type { Route } from "./+types/admin.evidence-package";

const OrganisationIdSchema = z.coerce.number().int().positive();

// GET /admin/evidence/package?organisation=ID: the organisation's audit package (a ZIP), for an
// admin with a proven second factor.
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireAdmin(request);
  const asked = OrganisationIdSchema.safeParse(
    new URL(request.url).searchParams.get("organisation"),
  );
  const organisation = asked.success ? await findOrganisation(asked.data) : undefined;
  if (!organisation)
    throw data({ message: "No organisation matches this address" }, { status: 404 });
  // The package carries learners' names and results out of Kestrel: who took which is logged.
  getLogger().info(
    { event: "admin.evidence-package", organisationId: organisation.id, userId: user.id },
    "admin downloaded an evidence audit package",
  );
  return auditPackageResponse(organisation, { appUrl: getEnv().APP_URL, userId: user.id });
}
