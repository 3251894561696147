import { data } from "react-router";
import { requireUser } from "~/features/auth/index.server";
import { type StoredEvidence, evidenceOfUser, findEvidence, kitOf } from "./chain.server";
import { EVIDENCE_ID } from "./record.server";

// A learner's own evidence kit, as JSON (the signed record with its chain proof). Someone else's
// record, or one that does not exist, is the same 404.

export const KIT_FORMATS = ["json"] as const;
export type KitFormat = (typeof KIT_FORMATS)[number];

/** `evidence_{scenario}_{YYYY-MM-DD}.{ext}`, the scenario (or the record's kind) in safe letters. */
export function evidenceFileName(record: StoredEvidence, extension: string): string {
  const subject = (record.scenarioId ?? record.kind).toLowerCase().replace(/[^a-z0-9-]+/g, "-");
  return `evidence_${subject}_${record.envelope.payload.timestamp.slice(0, 10)}.${extension}`;
}

export async function ownEvidence(request: Request, evidenceId: string | undefined) {
  const user = await requireUser(request);
  const record = EVIDENCE_ID.test(evidenceId ?? "") ? await findEvidence(evidenceId ?? "") : null;
  if (!record || record.userId !== user.id) throw data({ notFound: "evidence" }, { status: 404 });
  return record;
}

export function kitResponse(record: StoredEvidence, format: KitFormat): Response {
  const body = `${JSON.stringify(kitOf(record), null, 2)}\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${evidenceFileName(record, format)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export interface EvidenceRow {
  evidenceId: string;
  kind: StoredEvidence["kind"];
  title: string;
  createdAt: string;
  organisation: number;
  sequence: number;
}

/** What a record is about, in a few words, from its own content. */
function titleOf(record: StoredEvidence): string {
  const content = record.envelope.payload.content as {
    scenarioSnapshot?: { title?: string };
    certificate?: { title?: string };
    item?: string;
    reason?: string;
  };
  return (
    content.scenarioSnapshot?.title ??
    content.certificate?.title ??
    content.item ??
    content.reason ??
    record.subject
  );
}

/** The signed-in learner's own records, newest first. */
export async function loadMyEvidence(request: Request): Promise<EvidenceRow[]> {
  const user = await requireUser(request);
  const records = await evidenceOfUser(user.id);
  return records.map((record) => ({
    evidenceId: record.evidenceId,
    kind: record.kind,
    title: titleOf(record),
    createdAt: record.createdAt,
    organisation: record.organisationId,
    sequence: record.sequence,
  }));
}
