import { PDFDocument } from "pdf-lib";
import { data, href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { renderMarkdown } from "~/platform/lib/markdown.server";
import { floorSeconds } from "~/domain/training/index.server";
import { forgetFigures } from "./dashboard.server";
import { sha256Hex, tokenVerifyUrl } from "~/domain/evidence/index.server";
import { accountsOf } from "~/platform/auth/index.server";
import { groupsOf } from "./groups.server";
import type { Membership } from "./organisations.server";
import {
  POLICY_BODY_MAX,
  POLICY_DOCUMENT_MAX_BYTES,
  type PolicyInput,
  policySchema,
} from "./requirement-schema";
import { parseWithZod } from "@conform-to/zod/v4";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import type { Actor } from "./requirement-admin.server";
import { type Attestation, attestationsOf, currentVersionsOf } from "./requirements.server";
import { localDate } from "./rules";
import { complianceSnapshot } from "./status.server";
import type { Organisation, PoliciesPage, PolicyReply, PolicySummary } from "./types";

// Policies (docs/decisions/051-policy-attestation.md): a policy is a requirement of kind `policy`,
// its text in versions that are only ever added; a member fulfils it by attesting the version in
// force. A new version starts everyone's assignment again from its publication, so earlier
// attestations count for the old version only and nobody is overdue on the day it is published.

function notFound(): never {
  throw data({ message: "Not found." }, { status: 404 });
}

/** Words read per minute, for a policy's reading time (the time floor is a share of it). */
export const WORDS_PER_MINUTE = 200;

/** A page of a policy document, reckoned at about 400 words: two minutes at the rate above. */
export const MINUTES_PER_DOCUMENT_PAGE = 2;

/** Minutes a reader needs for a policy's text and its document's pages, at least one. */
export function readingMinutes(body: string, documentPages = 0): number {
  const words = body.split(/\s+/u).filter(Boolean).length;
  return Math.max(
    1,
    Math.ceil(words / WORDS_PER_MINUTE) + documentPages * MINUTES_PER_DOCUMENT_PAGE,
  );
}

/** A policy version's PDF as the attestation signs it: its name, digest and pages. */
export interface PolicyDocumentFacts {
  name: string;
  sha256: string;
  pages: number;
}

/** A PDF a manager uploaded, read and checked: its bytes with their facts. */
export interface PolicyDocument extends PolicyDocumentFacts {
  bytes: Uint8Array;
}

/** The name a document keeps: no folders, no control characters, at most 120 characters. */
function documentName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .slice(0, 120);
  return cleaned.toLowerCase().endsWith(".pdf") ? cleaned : `${cleaned || "policy"}.pdf`;
}

/**
 * Reads an uploaded policy document: it must be a PDF that opens, unencrypted, with at least one
 * page (what a member's browser will show them). Anything else is a field error, never stored.
 */
export async function readPolicyDocument(
  file: File,
): Promise<PolicyDocument | { field: "document"; message: string }> {
  const refused = { field: "document", message: "policies:errors.notPdf" } as const;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (new TextDecoder("latin1").decode(bytes.subarray(0, 5)) !== "%PDF-") return refused;
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = pdf.getPageCount();
    if (pages < 1) return refused;
    return { bytes, name: documentName(file.name), sha256: sha256Hex(bytes), pages };
  } catch {
    // Encrypted (pdf-lib refuses those unless told to ignore it) or not a PDF past its header.
    return refused;
  }
}

/** A policy of an organisation still in force, with its newest version's text; else 404. */
async function policyOf(organisationId: number, requirementId: number) {
  if (!Number.isSafeInteger(requirementId) || requirementId <= 0) notFound();
  const row = await getDb()
    .selectFrom("requirement")
    .select(["id", "name", "description"])
    .where("id", "=", requirementId)
    .where("organisation_id", "=", organisationId)
    .where("kind", "=", "policy")
    .where("removed_at", "is", null)
    .executeTakeFirst();
  const version = row ? (await currentVersionsOf([requirementId])).get(requirementId) : undefined;
  if (!row || !version) notFound();
  const stored = await getDb()
    .selectFrom("policy_version")
    .select(["body", "document_name", "document_sha256", "document_pages"])
    .where("id", "=", version.id)
    .executeTakeFirstOrThrow();
  const document: PolicyDocumentFacts | null =
    stored.document_sha256 === null
      ? null
      : {
          name: stored.document_name ?? "policy.pdf",
          sha256: stored.document_sha256,
          pages: Number(stored.document_pages ?? 1),
        };
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    version,
    body: stored.body,
    document,
    readingMinutes: readingMinutes(stored.body, document?.pages),
  };
}

/**
 * Publishes a policy (`policyId` absent) or a new version of one. A new version's label must
 * differ from the policy's earlier ones: answered as a field error, never a second row.
 */
export async function publishPolicy(
  actor: Actor,
  organisation: Organisation,
  input: Omit<PolicyInput, "document"> & { document?: PolicyDocument },
  now = new Date(),
): Promise<{ requirementId: number } | { field: keyof PolicyInput; message: string }> {
  const at = now.toISOString();
  const db = getDb();
  let requirementId: number;
  if (input.policyId === undefined) {
    const today = localDate(now, organisation.timeZone);
    const row = await db
      .insertInto("requirement")
      .values({
        organisation_id: organisation.id,
        kind: "policy",
        name: input.name,
        description: input.description,
        category: "audit",
        points: 10,
        // Not read (policies are due days after publication); kept as the first due date.
        due_date: today,
        due_days: input.dueDays,
        audience: input.groupIds.length
          ? JSON.stringify({ groupIds: input.groupIds, match: "any", joinedAfter: null })
          : null,
        fulfilled_by: "[]",
        recurrence: "none",
        window_days: 0,
        created_at: at,
        updated_at: at,
        updated_by: actor.email,
        removed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    requirementId = Number(row.id);
  } else {
    const policy = await policyOf(organisation.id, input.policyId);
    const taken = await db
      .selectFrom("policy_version")
      .select("id")
      .where("requirement_id", "=", policy.id)
      .where("version", "=", input.version)
      .executeTakeFirst();
    if (taken) return { field: "version", message: "policies:errors.versionTaken" };
    requirementId = policy.id;
    await db
      .updateTable("requirement")
      .set({ updated_at: at, updated_by: actor.email })
      .where("id", "=", requirementId)
      .execute();
  }
  await db
    .insertInto("policy_version")
    .values({
      requirement_id: requirementId,
      version: input.version,
      body: input.body,
      effective_date: input.effectiveDate,
      published_at: at,
      published_by: actor.email,
      document: input.document ? Buffer.from(input.document.bytes) : null,
      document_name: input.document?.name ?? null,
      document_sha256: input.document?.sha256 ?? null,
      document_pages: input.document?.pages ?? null,
    })
    .execute();
  forgetFigures(organisation.id);
  getLogger().info(
    {
      event: "policy.published",
      actorId: actor.userId,
      organisationId: organisation.id,
      requirementId,
      version: input.version,
    },
    "policy.published",
  );
  return { requirementId };
}

/** The organisation's policies in force, each with its version in force. */
export async function policiesOf(organisation: Organisation): Promise<PolicySummary[]> {
  const snapshot = await complianceSnapshot(organisation, { userIds: [] });
  return snapshot.requirements.flatMap((requirement) =>
    requirement.policy
      ? [
          {
            id: requirement.id,
            name: requirement.name,
            description: requirement.description,
            version: requirement.policy.version,
            effectiveDate: requirement.policy.effectiveDate,
            publishedAt: requirement.policy.publishedAt,
            dueDays: requirement.dueDays,
            groupIds: requirement.audience?.groupIds ?? [],
          },
        ]
      : [],
  );
}

/** Every attestation of an organisation's policies, newest first, with the attester's user id. */
export async function attestationRegister(organisation: Organisation): Promise<Attestation[]> {
  const policies = await policiesOf(organisation);
  return (await attestationsOf(policies.map((policy) => policy.id))).reverse();
}

/**
 * A member opens a policy: its text as safe HTML, where they stand on it, and the opening recorded
 * (their time on page is measured from it). A policy not assigned to them is still readable.
 */
export async function openPolicy(
  organisation: Organisation,
  userId: string,
  requirementId: number,
  now = new Date(),
) {
  const policy = await policyOf(organisation.id, requirementId);
  await getDb()
    .insertInto("policy_view")
    .values({ version_id: policy.version.id, user_id: userId, opened_at: now.toISOString() })
    .execute();
  const snapshot = await complianceSnapshot(organisation, { userIds: [userId], now });
  const state = snapshot.states.find((candidate) => candidate.requirementId === requirementId);
  const attestations = (await attestationsOf([requirementId], [userId])).reverse();
  return {
    policy: {
      id: policy.id,
      versionId: policy.version.id,
      name: policy.name,
      description: policy.description,
      version: policy.version.version,
      effectiveDate: policy.version.effectiveDate,
      html: policy.body ? renderMarkdown(policy.body) : "",
      readingMinutes: policy.readingMinutes,
      document: policy.document && {
        name: policy.document.name,
        pages: policy.document.pages,
        href: href("/training/policies/:id/document", { id: String(policy.id) }),
      },
    },
    state: state
      ? {
          status: state.status,
          dueDate: state.effectiveDueDate,
          completedDate: state.completedDate,
        }
      : null,
    attestations: attestations.map(({ version, attestedAt, seconds, evidenceId }) => ({
      version,
      attestedAt,
      seconds,
      evidenceId,
    })),
  };
}

export type AttestOutcome =
  | { ok: true; attestation: Attestation; tooFast: boolean; alreadyAttested: boolean }
  | { ok: false; reason: "not-assigned" | "not-opened" | "stale-version" };

/**
 * A member attests the version of a policy they opened. The time on page runs from the server's
 * record of their latest opening of that version to now; under the floor (the organisation's
 * time floor percent of the reading time) it is flagged, not refused. `record` stores the signed
 * evidence and answers its id; it runs in the caller's transaction with the attestation's row.
 */
export async function attestPolicy(
  organisation: Organisation,
  userId: string,
  input: { requirementId: number; versionId: number },
  record: (
    facts: Omit<Attestation, "id" | "evidenceId"> & {
      policy: string;
      body: string;
      document: PolicyDocumentFacts | null;
      tooFast: boolean;
    },
  ) => Promise<string>,
  now = new Date(),
): Promise<AttestOutcome> {
  const policy = await policyOf(organisation.id, input.requirementId);
  // The page was read at a version since replaced: the member reads the new one first.
  if (policy.version.id !== input.versionId) return { ok: false, reason: "stale-version" };
  const db = getDb();
  const existing = (await attestationsOf([policy.id], [userId])).find(
    (attestation) => attestation.versionId === policy.version.id,
  );
  if (existing) {
    const tooFast = existing.seconds < existing.floorSeconds;
    return { ok: true, attestation: existing, tooFast, alreadyAttested: true };
  }
  const snapshot = await complianceSnapshot(organisation, { userIds: [userId], now });
  if (!snapshot.states.some((state) => state.requirementId === policy.id)) {
    return { ok: false, reason: "not-assigned" };
  }
  const view = await db
    .selectFrom("policy_view")
    .select("opened_at")
    .where("version_id", "=", policy.version.id)
    .where("user_id", "=", userId)
    .where("opened_at", "<=", now.toISOString())
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!view) return { ok: false, reason: "not-opened" };
  const seconds = Math.max(
    0,
    Math.floor((now.getTime() - new Date(view.opened_at).getTime()) / 1000),
  );
  const floor = floorSeconds(policy.readingMinutes, organisation.assessment.timeFloorPercent);
  const facts = {
    requirementId: policy.id,
    versionId: policy.version.id,
    version: policy.version.version,
    userId,
    openedAt: view.opened_at,
    attestedAt: now.toISOString(),
    seconds,
    floorSeconds: floor,
  };
  const tooFast = seconds < floor;
  const evidenceId = await record({
    ...facts,
    policy: policy.name,
    body: policy.body,
    document: policy.document,
    tooFast,
  });
  const { id } = await db
    .insertInto("policy_attestation")
    .values({
      version_id: facts.versionId,
      user_id: userId,
      opened_at: facts.openedAt,
      attested_at: facts.attestedAt,
      seconds,
      floor_seconds: floor,
      evidence_id: evidenceId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  forgetFigures(organisation.id);
  getLogger().info(
    {
      event: "policy.attested",
      organisationId: organisation.id,
      requirementId: policy.id,
      version: policy.version.version,
      userId,
      seconds,
      tooFast,
    },
    "policy.attested",
  );
  return {
    ok: true,
    attestation: { ...facts, id: Number(id), evidenceId },
    tooFast,
    alreadyAttested: false,
  };
}

/**
 * Bytes a policy's form may post: its text, URL-encoded, in any script (3 bytes a character, ×3),
 * and its document.
 */
export const POLICY_FORM_BYTES = 9 * POLICY_BODY_MAX + POLICY_DOCUMENT_MAX_BYTES + 16 * 1024;

/**
 * The PDF of a policy's version in force, for a member of its organisation (any member may read a
 * policy, as its page); a policy without one, or another organisation's, is a 404.
 */
export async function policyDocument(
  organisation: Organisation,
  requirementId: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  const policy = await policyOf(organisation.id, requirementId);
  const row = await getDb()
    .selectFrom("policy_version")
    .select("document")
    .where("id", "=", policy.version.id)
    .executeTakeFirstOrThrow();
  if (!policy.document || !row.document) notFound();
  return { name: policy.document.name, bytes: row.document };
}

/** /training/policies: a member's policies; for a manager, also the publishing and the register. */
export async function loadPoliciesPage(
  membership: Membership,
  now = new Date(),
): Promise<PoliciesPage> {
  const { organisation } = membership;
  const own = await complianceSnapshot(organisation, { userIds: [membership.userId], now });
  const states = new Map(own.states.map((state) => [state.requirementId, state]));
  const mine = own.requirements.flatMap((requirement) => {
    const state = states.get(requirement.id);
    return requirement.policy && state
      ? [
          {
            id: requirement.id,
            name: requirement.name,
            version: requirement.policy.version,
            status: state.status,
            dueDate: state.effectiveDueDate,
            completedDate: state.completedDate,
          },
        ]
      : [];
  });
  if (membership.role !== "manager") return { organisation: organisation.name, mine, manage: null };
  const [policies, groups, register] = await Promise.all([
    policiesOf(organisation),
    groupsOf(organisation.id),
    attestationRegister(organisation),
  ]);
  const names = new Map(policies.map((policy) => [policy.id, policy.name]));
  const emails = new Map(
    (await accountsOf([...new Set(register.map((row) => row.userId))])).map((account) => [
      account.id,
      account.email,
    ]),
  );
  return {
    organisation: organisation.name,
    mine,
    manage: {
      policies,
      groups: groups.map(({ id, name, kind }) => ({ id, name, kind })),
      register: register.slice(0, 200).map((row) => ({
        id: row.id,
        learner: emails.get(row.userId) ?? row.userId,
        policy: names.get(row.requirementId) ?? "",
        version: row.version,
        attestedAt: row.attestedAt,
        seconds: row.seconds,
        tooFast: row.seconds < row.floorSeconds,
        evidenceHref: tokenVerifyUrl("", row.evidenceId),
      })),
    },
  };
}

/** The manager's post of a policy or a new version, checked against their organisation's own. */
export async function publishAction(
  actor: Actor,
  organisation: Organisation,
  formData: FormData,
): Promise<PolicyReply> {
  const [policies, groups] = await Promise.all([
    policiesOf(organisation),
    groupsOf(organisation.id),
  ]);
  const submission = parseWithZod(formData, {
    schema: policySchema(
      policies.map((policy) => policy.id),
      groups.map((group) => group.id),
    ),
  });
  if (submission.status !== "success") {
    return { form: "publish", ...formRefused(submission, "validation") };
  }
  const { document: file, ...input } = submission.value;
  const document = file ? await readPolicyDocument(file) : undefined;
  if (document && "field" in document) {
    return { form: "publish", ...formRefused(submission, "validation", document) };
  }
  const published = await publishPolicy(actor, organisation, { ...input, document });
  if ("field" in published) {
    return { form: "publish", ...formRefused(submission, "validation", published) };
  }
  return { form: "publish", policyId: published.requirementId, ...formAccepted(submission) };
}
