import { membershipOf } from "~/domain/compliance/index.server";
import { resolveOrganisationsWith } from "~/domain/evidence/index.server";

// Connections between features that would otherwise import each other: made once, at start, by
// the server entry (and by the integration tests' setup).

// A user's evidence joins the chain of the organisation they belong to.
resolveOrganisationsWith(async (user) => (await membershipOf(user)).organisation.id);
