export {
  type StoredEvidence,
  type ChainBreak,
  appendEvidence,
  auditChains,
  evidenceAbout,
  evidenceIdsOfSubjects,
  evidenceOfUser,
  findEvidence,
  kitOf,
  purgeExpiredEvidence,
  recordEvidence,
} from "./chain.server";
export {
  type EvidenceKit,
  type EvidencePayload,
  type KitCheck,
  EVIDENCE_ID,
  checkKit,
  isKit,
} from "./record.server";
export {
  KIT_FORMATS,
  type KitFormat,
  type EvidenceRow,
  kitResponse,
  loadMyEvidence,
  ownEvidence,
} from "./downloads.server";
export { evidenceFileName } from "./kit-files";
export { evidencePdf } from "./kit-pdf.server";
export { evidenceCsv } from "./kit-csv.server";
export { kitFromPdf } from "./pdf-embed.server";
export {
  type FileEntry,
  type FoundFile,
  findIssuedFile,
  registerIssuedFiles,
  sha256Hex,
} from "./files.server";
export { evidenceViewToken, isEvidenceViewToken, tokenVerifyUrl } from "./view-token.server";
export { VERIFIER_FILES, standaloneVerifier } from "./verifier-downloads.server";
export { type OpenedRecord, openRecord } from "./opened.server";
export { erasePersonalData } from "./personal.server";
export {
  type IssuedFileFacts,
  type OrganisationNames,
  type Verification,
  type VerifiedEvidence,
  ALTERED_MESSAGE,
  EVIDENCE_UPLOAD_BYTES,
  NOT_A_KIT_MESSAGE,
  SIGNED_SHOWN,
  UNKNOWN_KEY_MESSAGE,
  VERIFY_EVIDENCE_RATE_LIMIT,
  verifyEvidence,
  verifyEvidenceLink,
  verifyEvidenceRequest,
} from "./verify.server";
export {
  type RegisterFilters,
  type RegisterQuery,
  type RegisterRow,
  REGISTER_PAGE_SIZE,
  parseRegisterQuery,
  EXPORTS_CHAIN,
  registerCsvFile,
  registerParams,
  searchEvidence,
} from "./register.server";
export {
  PACKAGE_MAX_RECORDS,
  auditPackage,
  auditPackageFileName,
  auditPackageResponse,
  auditPackageStream,
} from "./audit-package.server";
