export {
  type StoredEvidence,
  DEFAULT_RETENTION_YEARS,
  type ChainBreak,
  auditChains,
  evidenceAbout,
  evidenceOfUser,
  findEvidence,
  kitOf,
  purgeExpiredEvidence,
  recordEvidence,
  resolveOrganisationsWith,
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
export {
  type RegisterFilters,
  type RegisterQuery,
  type RegisterRow,
  REGISTER_PAGE_SIZE,
  parseRegisterQuery,
  registerCsv,
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
