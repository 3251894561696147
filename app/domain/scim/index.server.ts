export { SCIM_PATH, createScimRouter } from "./router.server";
export {
  type AuditEntry,
  type TokenSummary,
  activeToken,
  auditTrail,
  issueToken,
  revokeToken,
} from "./tokens.server";
