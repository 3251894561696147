import type { JsonObject } from "./protocol";

/** A provisioning call, once its token is known: whose organisation, who acts, when. */
export interface ScimCall {
  organisationId: number;
  tokenId: number;
  /** How the call is recorded as the actor of group changes and in the audit: `token #<id>`. */
  actor: string;
  /** `https://…/scim/v2`, for `location` and `$ref`. */
  baseUrl: string;
  now: Date;
}

/** A change's answer: the resource as it is now, and a line for the audit. */
export interface Written {
  resource: JsonObject;
  detail: string;
}
