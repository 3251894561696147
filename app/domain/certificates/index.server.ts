export {
  VERIFY_RATE_LIMIT,
  verifyCertificateCode,
  type VerifiedCertificate,
} from "./verify.server";
export { loadCertificatesPage, saveHolderName, type CertificatesPage } from "./page.server";
export { issueEarnedCertificates, type IssuanceOutcome } from "./issue.server";
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
  revokeAllHeld,
  type CertificateRow,
} from "./records.server";
