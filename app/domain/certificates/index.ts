export { VERIFICATION_CODE, normaliseVerificationCode } from "./code";
export {
  ACHIEVEMENT_KEYS,
  HOLDER_NAME_MAX,
  RENEWAL_OPENS_DAYS,
  REVOCATION_REASON_MAX,
  VALIDITY_YEARS,
  type CertificateStatus,
} from "./constants";
export { HolderNameForm, type HolderNameState } from "./holder-name-form";
export { StatusBadge } from "./status-badge";
export { VerifyForm } from "./verify-form";
