// The shapes of an evidence record, in a module the browser may load (the kit files read them).

/** The kinds of record a chain holds: EVIDENCE_KINDS of record.server.ts, which must satisfy it. */
export type EvidenceKind =
  | "aml-attempt"
  | "aml-attestation"
  | "policy-attestation"
  | "aml-review"
  | "module-completion"
  | "course-completion"
  | "certificate-issued"
  | "certificate-revoked"
  | "certificate-reinstated"
  | "file-issued"
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

/**
 * A record's signed content as an examiner compares it with the document in hand: the facts read
 * from the envelope (nothing here is taken from anywhere else but the organisation's name), and
 * the whole signed content besides.
 */
export interface SignedFacts {
  evidenceId: string;
  kind: EvidenceKind;
  organisation: { id: number; name: string | null };
  sequence: number;
  hash: string;
  prevHash: string;
  keyId: string;
  timestamp: string;
  learner: { name: string | null; email: string | null } | null;
  /** The case, module, course or certificate the record is about. */
  title: string | null;
  score: number | null;
  band: string | null;
  passed: boolean | null;
  reviewer: string | null;
  grader: string | null;
  /** The rubric graded against; `pastReview` when the grade was given after its review date. */
  rubric: { id: string; version: string; reviewDue: string | null; pastReview: boolean } | null;
  /** From the server's clock; `steps` where each step was answered in its own request. */
  timeOnTask: {
    startedAt: string | null;
    seconds: number | null;
    steps: { step: string; seconds: number }[];
  } | null;
  answers: { label: string; value: string }[];
  /** A `file-issued` record's files. */
  files: { name: string; sha256: string; bytes: number }[];
  /** For an AML answer a person reviewed: their decision, from its own signed record. */
  review: {
    evidenceId: string;
    timestamp: string;
    reviewer: string | null;
    decision: string | null;
    score: number | null;
    band: string | null;
  } | null;
  /** When the learner's personal data was erased: their fields can no longer be opened. */
  erasedAt: string | null;
  content: Record<string, unknown>;
}
