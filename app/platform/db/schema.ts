import type { Generated } from "kysely";

// Timestamps are ISO 8601 UTC strings on both engines: they sort and compare the same way in
// SQLite and PostgreSQL (docs/decisions/002-one-schema-two-engines.md).

export interface AnalyticsEventTable {
  id: Generated<number>;
  name: string;
  /** JSON object of the event's properties. */
  properties: string;
  path: string;
  locale: string | null;
  session_id: string | null;
  anonymous_id: string | null;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  /** Comma-separated epoch milliseconds of the hits let through in the last window. */
  hits: string;
  /** When the newest hit leaves the window: the row may then be deleted. */
  expires_at: string;
}

export interface WaitlistEntryTable {
  id: Generated<number>;
  email: string;
  name: string;
  company: string;
  role: string;
  /** 1 when the privacy policy and terms were accepted. */
  consent: number;
  product: string;
  locale: string | null;
  region: string | null;
  client_timestamp: string | null;
  /** How many times this email has joined; a repeat updates the row. */
  submissions: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  inquiry_type: string;
  message: string;
  locale: string | null;
  created_at: string;
}

export interface DemoRequestTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string;
  job_title: string | null;
  company_size: string | null;
  use_case: string | null;
  preferred_time: string | null;
  details: string | null;
  locale: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  /** queued (no SMTP configured), sent, or failed. */
  status: "queued" | "sent" | "failed";
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

// Account tables are written by better-auth (docs/decisions/010): dates are ISO text on SQLite and
// timestamptz on PostgreSQL (read back as Date), booleans 0/1 on SQLite.
type AuthDate = string | Date;
type AuthBoolean = number | boolean;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: AuthBoolean;
  image: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
  two_factor_enabled: AuthBoolean | null;
  role: string | null;
  /** Set: inactive (no sessions, no sign-in, left out of reminders and figures); records stay. */
  deactivated_at: Generated<string | null>;
}

export interface SessionTable {
  id: string;
  expires_at: AuthDate;
  token: string;
  created_at: AuthDate;
  updated_at: AuthDate;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  second_factor_at: AuthDate | null;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthDate | null;
  refresh_token_expires_at: AuthDate | null;
  scope: string | null;
  password: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthDate;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backup_codes: string;
  user_id: string;
  verified: AuthBoolean | null;
  failed_verification_count: number | null;
  locked_until: AuthDate | null;
}

export interface PilotAllowlistTable {
  id: Generated<number>;
  /** domain (example.com) or email (a.person@example.com), lower case. */
  kind: "domain" | "email";
  value: string;
  organisation: string | null;
  added_by: string;
  created_at: string;
}

export interface PilotAllowlistChangeTable {
  id: Generated<number>;
  action: "add" | "remove";
  kind: "domain" | "email";
  value: string;
  organisation: string | null;
  actor_email: string;
  created_at: string;
}

export interface LearnerTable {
  id: string;
  /** Null for a guest. */
  user_id: string | null;
  created_at: string;
  last_seen_at: string;
  /** Takes started before a Factory Reset no longer count towards progress. */
  progress_reset_at: string | null;
}

export interface TrainingRunTable {
  id: Generated<number>;
  learner_id: string;
  /** A module id, or `lease/<scenario id>`. */
  item_id: string;
  take_key: string;
  started_at: string;
  completed_at: string | null;
  /** Whole percent, set when the take is completed. */
  score: number | null;
  /** JSON: per step, the bank item drawn and its options' order; null for takes before banks. */
  drawn: string | null;
  /** JSON: what a final assessment was held to (pass percent, items); null for other takes. */
  settings: string | null;
}

export interface TrainingAnswerTable {
  id: Generated<number>;
  run_id: number;
  step_id: string;
  option_id: string | null;
  /** 1 or 0. */
  correct: number;
  answered_at: string;
  /** The bank item answered; null for answers before banks (the step's first item). */
  item_id: string | null;
}

export interface SigningKeyTable {
  key_id: string;
  /** The public JWK. */
  public_jwk: string;
  created_at: string;
}

export interface CertificateHolderTable {
  user_id: string;
  /** The name printed on certificates, in any script. */
  name: string;
  updated_at: string;
}

export interface CertificateTable {
  /** Also the certificate's index in the revocation status list. */
  id: Generated<number>;
  public_id: string;
  user_id: string;
  /** `module:<id>` or `track:<id>`. */
  achievement_key: string;
  generation: number;
  verification_code: string;
  title: string;
  holder_name: string;
  issued_at: string;
  expires_at: string;
  /** The signed certificate as canonical JSON. */
  payload: string;
  key_id: string;
  signature: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface CertificateStatusChangeTable {
  id: Generated<number>;
  certificate_id: number;
  action: "revoked" | "reinstated";
  reason: string;
  actor_email: string;
  changed_at: string;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: string;
  event_key: string;
  kind: string;
  /** JSON object of the values the kind's texts name. */
  params: string;
  type: "compliance" | "training" | "system" | "audit";
  priority: "low" | "medium" | "high";
  /** 1 or 0. */
  action_required: number;
  action_url: string | null;
  created_at: string;
  read_at: string | null;
  removed_at: string | null;
}

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  region: string;
  time_zone: string;
  /** YYYY-MM-DD. */
  next_audit: string;
  created_at: string;
  /** Final assessments: the percent to pass, the items drawn, hours before a retake. */
  final_pass_percent: Generated<number>;
  final_item_count: Generated<number>;
  final_cooling_off_hours: Generated<number>;
  /** An attempt faster than this percent of the stated reading time is flagged. */
  time_floor_percent: Generated<number>;
  /** Days overdue before the learner's manager is copied (twice that: the compliance owner). */
  escalation_days: Generated<number>;
  /** The member who answers for the organisation's compliance: escalations, the audit date. */
  compliance_owner_id: string | null;
}

export interface OrganisationMemberTable {
  user_id: string;
  organisation_id: number;
  role: "learner" | "manager";
  joined_at: string;
  role_changed_by: string | null;
  role_changed_at: string | null;
  /** Their line manager's user id, copied on escalations. */
  manager_id: string | null;
  /** The identity provider's id for them (SCIM `externalId`). */
  external_id: Generated<string | null>;
  given_name: Generated<string | null>;
  family_name: Generated<string | null>;
  /** When the identity provider (SCIM) last changed the member. */
  provisioned_at: Generated<string | null>;
  /** 1: named by a manager to review written AML answers (managers review without it). */
  reviewer: Generated<number>;
  /** Set: deleted by the identity provider (SCIM DELETE); the account is inactive too. */
  scim_removed_at: Generated<string | null>;
}

export interface MemberGroupTable {
  id: Generated<number>;
  organisation_id: number;
  kind: "team" | "department" | "role" | "location";
  name: string;
  created_at: string;
  created_by: string;
  /** The identity provider's id for the group (SCIM `externalId`). */
  external_id: Generated<string | null>;
  /** Who keeps the group: Kestrel's managers, or the identity provider through SCIM. */
  source: Generated<"manual" | "scim">;
}

export interface MemberGroupMemberTable {
  group_id: number;
  user_id: string;
  added_at: string;
  added_by: string;
}

export interface OrganisationSsoTable {
  organisation_id: number;
  issuer: string;
  client_id: string;
  /** Encrypted (app/domain/sso/secret-box.server.ts), never the secret itself. */
  client_secret: string;
  name_claim: string;
  email_claim: string;
  groups_claim: string;
  email_codes: "allowed" | "forbidden";
  updated_at: string;
  updated_by: string;
}

export interface OrganisationSsoDomainTable {
  /** Lower case, without @. */
  domain: string;
  organisation_id: number;
}

export interface SsoLoginStateTable {
  state: string;
  organisation_id: number;
  nonce: string;
  code_verifier: string;
  redirect_to: string;
  expires_at: string;
}

export interface SsoAuditEventTable {
  id: Generated<number>;
  organisation_id: number | null;
  kind:
    | "settings.saved"
    | "settings.removed"
    | "connection.tested"
    | "sign_in.succeeded"
    | "sign_in.failed";
  /** The administrator, or the person signing in (as the provider named them), when known. */
  actor: string | null;
  detail: string;
  created_at: string;
}

export interface RequirementRestartTable {
  id: Generated<number>;
  requirement_id: number;
  user_id: string;
  assigned_at: string;
  cause: "reassigned" | "audience";
  reason: string;
  actor_email: string;
}

export interface RequirementExcusalTable {
  id: Generated<number>;
  requirement_id: number;
  user_id: string;
  reason: string;
  actor_email: string;
  created_at: string;
}

export interface RequirementTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  description: string;
  category: "aml" | "reporting" | "training" | "audit";
  points: number;
  /** YYYY-MM-DD. */
  due_date: string;
  /** JSON array of `module:<id>` and `track:<id>`. */
  fulfilled_by: string;
  recurrence: "none" | "yearly";
  window_days: number;
  created_at: string;
  updated_at: string;
  updated_by: string;
  removed_at: string | null;
  /** Null: due on `due_date`. Else due this many days after each member's assignment. */
  due_days: number | null;
  /** Null: everyone. Else JSON `{groupIds, match, joinedAfter}`. */
  audience: string | null;
  /** Fulfilled by passing modules (`training`) or by attesting the newest version (`policy`). */
  kind: Generated<"training" | "policy">;
}

/** A version of a policy (a `policy` requirement); only ever added, the newest is in force. */
export interface PolicyVersionTable {
  id: Generated<number>;
  requirement_id: number;
  version: string;
  /** Markdown: the policy's text, or with a document, what the page shows above it (may be ""). */
  body: string;
  /** YYYY-MM-DD. */
  effective_date: string;
  published_at: string;
  published_by: string;
  /** A PDF the version is, when published as a file (migration 0026). */
  document: Uint8Array | null;
  document_name: string | null;
  document_sha256: string | null;
  document_pages: number | null;
}

/** A member opened a policy version's page: the start of their time on page. */
export interface PolicyViewTable {
  id: Generated<number>;
  version_id: number;
  user_id: string;
  opened_at: string;
}

/** A member's attestation of a policy version, once per version, signed into the evidence chain. */
export interface PolicyAttestationTable {
  id: Generated<number>;
  version_id: number;
  user_id: string;
  opened_at: string;
  attested_at: string;
  seconds: number;
  floor_seconds: number;
  evidence_id: string;
}

export interface RequirementExtensionTable {
  id: Generated<number>;
  requirement_id: number;
  user_id: string;
  cycle: number;
  /** YYYY-MM-DD. */
  due_date: string;
  reason: string;
  actor_email: string;
  created_at: string;
}

export interface ReminderClaimTable {
  id: Generated<number>;
  requirement_id: number;
  user_id: string;
  cycle: number;
  kind: string;
  status: "claimed" | "sent" | "queued" | "failed";
  claimed_at: string;
  finished_at: string | null;
  error: string | null;
  sent_to: string | null;
  actor_email: string | null;
}

export interface ReportTable {
  id: Generated<number>;
  public_id: string;
  organisation_id: number;
  requested_by: string;
  kind: "training-register" | "certification" | "training-record";
  format: "csv" | "pdf";
  status: "pending" | "running" | "completed" | "failed";
  requested_at: string;
  started_at: string | null;
  completed_at: string | null;
  size: number | null;
  content: Uint8Array | null;
  error: string | null;
  /** The requester's locale: the file's labels are in it. Null reads English. */
  language: string | null;
}

export interface ScimTokenTable {
  id: Generated<number>;
  organisation_id: number;
  /** SHA-256 (hex) of the token's secret; the token is shown once and never stored. */
  secret_hash: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface ScimAuditTable {
  id: Generated<number>;
  organisation_id: number;
  /** An admin's email, or `token #<id>`. */
  actor: string;
  action: string;
  detail: string;
  /** The HTTP status answered; 0 for an admin's change. */
  status: number;
  created_at: string;
}

export interface Database {
  analytics_event: AnalyticsEventTable;
  rate_limit: RateLimitTable;
  waitlist_entry: WaitlistEntryTable;
  contact_message: ContactMessageTable;
  demo_request: DemoRequestTable;
  outbox: OutboxTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  two_factor: TwoFactorTable;
  pilot_allowlist: PilotAllowlistTable;
  pilot_allowlist_change: PilotAllowlistChangeTable;
  learner: LearnerTable;
  training_run: TrainingRunTable;
  training_answer: TrainingAnswerTable;
  signing_key: SigningKeyTable;
  certificate_holder: CertificateHolderTable;
  certificate: CertificateTable;
  certificate_status_change: CertificateStatusChangeTable;
  notification: NotificationTable;
  organisation: OrganisationTable;
  organisation_member: OrganisationMemberTable;
  requirement: RequirementTable;
  requirement_extension: RequirementExtensionTable;
  requirement_restart: RequirementRestartTable;
  requirement_excusal: RequirementExcusalTable;
  policy_version: PolicyVersionTable;
  policy_view: PolicyViewTable;
  policy_attestation: PolicyAttestationTable;
  member_group: MemberGroupTable;
  member_group_member: MemberGroupMemberTable;
  organisation_sso: OrganisationSsoTable;
  organisation_sso_domain: OrganisationSsoDomainTable;
  sso_login_state: SsoLoginStateTable;
  sso_audit_event: SsoAuditEventTable;
  scim_token: ScimTokenTable;
  scim_audit: ScimAuditTable;
  reminder_claim: ReminderClaimTable;
  report: ReportTable;
  aml_attempt: AmlAttemptTable;
  aml_draft: AmlDraftTable;
  aml_review: AmlReviewTable;
  evidence_record: EvidenceRecordTable;
  evidence_chain_head: EvidenceChainHeadTable;
  evidence_file: EvidenceFileTable;
  evidence_learner_key: EvidenceLearnerKeyTable;
  evidence_purge_permit: EvidencePurgePermitTable;
  course_visit: CourseVisitTable;
  course_step: CourseStepTable;
  course_completion: CourseCompletionTable;
  audio_position: AudioPositionTable;
  advisor_message: AdvisorMessageTable;
  skill_profile: SkillProfileTable;
  skill_run: SkillRunTable;
  skill_draft: SkillDraftTable;
}

export interface CourseVisitTable {
  learner_id: string;
  course_id: string;
  tab: string;
  visited_at: string;
}

export interface CourseStepTable {
  learner_id: string;
  course_id: string;
  exercise_id: string;
  step_id: string;
  /** JSON: the option ids of the latest check. */
  selected: string;
  correct: number;
  first_correct: number;
  revealed: number;
  checks: number;
  solved_at: string | null;
  updated_at: string;
}

export interface CourseCompletionTable {
  id: Generated<number>;
  learner_id: string;
  course_id: string;
  correct: number;
  steps: number;
  points: number;
  cycle: string;
  completed_at: string;
}

export interface AudioPositionTable {
  learner_id: string;
  course_id: string;
  audio_id: string;
  seconds: number;
  updated_at: string;
}

export interface AmlAttemptTable {
  id: Generated<number>;
  learner_id: string;
  jurisdiction: "ca" | "sg" | "my" | "th";
  scenario_id: string;
  mode: "guided" | "freeform" | "player";
  pack_version: string;
  /** JSON: what the learner gave. */
  submission: string;
  /** 0–1 after penalties. */
  score: number;
  percent: number;
  band: string;
  /** JSON: details, penalties, missed signals. */
  result: string;
  requires_escalation: number;
  escalated_in_time: number | null;
  complete_record: number;
  created_at: string;
  /** When the page that began the attempt was served; null when unknown. */
  started_at: string | null;
  /** Time on task to the submission; null when the start is unknown. */
  seconds: number | null;
}

export interface AmlReviewTable {
  attempt_id: number;
  organisation_id: number;
  reason: "disagreement" | "borderline" | "sample";
  status: "pending" | "confirmed" | "overridden";
  learner_name: string;
  learner_email: string;
  automatic_percent: number;
  automatic_band: string;
  final_percent: number | null;
  final_band: string | null;
  reviewer_id: string | null;
  note: string | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface AmlDraftTable {
  learner_id: string;
  jurisdiction: "ca" | "sg" | "my" | "th";
  scenario_id: string;
  pack_version: string;
  step: number;
  /** JSON: responses, citations, confidence. */
  responses: string;
  edited_at: string;
  saved_at: string;
  /** JSON { "<step>": "<ISO time>" }: when the server first heard of each step reached. */
  step_times: string | null;
}

export interface EvidenceRecordTable {
  id: Generated<number>;
  organisation_id: number;
  sequence: number;
  evidence_id: string;
  kind: string;
  learner_id: string | null;
  user_id: string | null;
  subject: string;
  scenario_id: string | null;
  /** Canonical JSON of the hashed, signed envelope. */
  envelope: string;
  hash: string;
  prev_hash: string;
  key_id: string;
  signature: string;
  created_at: string;
}

/** A file handed out, by the SHA-256 of its bytes, and the `file-issued` record that lists it. */
export interface EvidenceFileTable {
  sha256: string;
  evidence_id: string;
  organisation_id: number;
  name: string;
  created_at: string;
}

/** A learner's secret sealing their evidence's personal fields; null once erased. */
export interface EvidenceLearnerKeyTable {
  user_id: string;
  secret: string | null;
  created_at: string;
  erased_at: string | null;
}

export interface EvidenceChainHeadTable {
  organisation_id: number;
  sequence: number;
  hash: string;
}

export interface EvidencePurgePermitTable {
  id: number;
  reason: string;
}

export interface AdvisorMessageTable {
  id: string;
  user_id: string;
  sender: "user" | "bot";
  text: string;
  /** 1 when the answer came from the knowledge base. */
  kb: number;
  /** JSON: the sources the answer quotes. */
  sources: string;
  created_at: string;
}

export interface SkillProfileTable {
  user_id: string;
  /** IANA time zone: the user's week starts on Monday 00:00 there. */
  time_zone: string;
  updated_at: string;
}

export interface SkillRunTable {
  id: Generated<number>;
  user_id: string;
  skill_id: string;
  provider: string;
  /** The input as stored: after personal data was scrubbed, when the user asked for it. */
  input: string;
  /** Markdown. */
  content: string;
  /** JSON: sources, scrub report, notes. */
  details: string;
  created_at: string;
}

export interface SkillDraftTable {
  id: Generated<number>;
  user_id: string;
  skill_id: string;
  input: string;
  content: string;
  details: string;
  created_at: string;
}
