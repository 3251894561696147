// The shapes of an evidence record, in a module the browser may load (the kit files read them).

/** The kinds of record a chain holds: EVIDENCE_KINDS of record.server.ts, which must satisfy it. */
export type EvidenceKind =
  | "aml-attempt"
  | "aml-attestation"
  | "aml-review"
  | "module-completion"
  | "course-completion"
  | "certificate-issued"
  | "certificate-revoked"
  | "certificate-reinstated"
  | "purge";

/** SPEC §3 "Export payload". */
export interface EvidencePayload {
  jurisdiction: string | null;
  mode: string;
  packVersion: string | null;
  timestamp: string;
  content: Record<string, unknown>;
}

/** What is hashed and signed: the payload in its place in its organisation's chain. */
export interface Envelope {
  version: 1;
  organisation: number;
  sequence: number;
  prevHash: string;
  kind: EvidenceKind;
  payload: EvidencePayload;
}

export interface StoredEvidence {
  id: number;
  organisationId: number;
  sequence: number;
  evidenceId: string;
  kind: EvidenceKind;
  learnerId: string | null;
  userId: string | null;
  subject: string;
  scenarioId: string | null;
  envelope: Envelope;
  hash: string;
  prevHash: string;
  keyId: string;
  signature: string;
  createdAt: string;
}
