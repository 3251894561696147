export {
  VERIFY_RATE_LIMIT,
  verifyCertificateCode,
  type VerifiedCertificate,
} from "./verify.server";
export {
  type CertificatesPage,
  type HolderNameReply,
  loadCertificatesPage,
  parseHolderName,
} from "./page.server";
export {
  type IssuanceOutcome,
  NEEDS_NAME_EVENT,
  achievementsDue,
  descriptionKey,
  issueCertificate,
} from "./issue.server";
export { HolderNameSchema, getHolderName, holderNamesOf, setHolderName } from "./holder.server";
export { downloadCertificateCredential, downloadCertificatePdf } from "./downloads.server";
export { statusListCredential } from "./credential.server";
export {
  CERTIFICATE_COLUMNS,
  type CertificateFact,
  certificatesOfUsers,
  CertificateStateError,
  certificateHistories,
  type StatusChange,
  changeCertificateStatus,
  listAllCertificates,
  listCertificates,
  heldCertificateCodes,
  type CertificateRow,
} from "./records.server";
export { activeModuleCertificates } from "./records.server";
