import { data } from "react-router";
import { requireUser } from "~/platform/auth/index.server";
import { type StoredEvidence, evidenceOfUser, findEvidence } from "./chain.server";
import { evidenceCsv } from "./kit-csv.server";
import { evidenceFileName } from "./kit-files";
import { evidencePdf } from "./kit-pdf.server";
import { registerIssuedFiles } from "./files.server";
import { openRecord } from "./opened.server";
import { EVIDENCE_ID } from "./record.server";
import { tokenVerifyUrl } from "./view-token.server";
import { getEnv } from "~/platform/lib/env.server";

// A learner's own evidence kit: the PDF, the CSV, or the JSON (the signed record with its chain
// proof). Someone else's record, or one that does not exist, is the same 404.

export const KIT_FORMATS = ["pdf", "csv", "json"] as const;
export type KitFormat = (typeof KIT_FORMATS)[number];

export async function ownEvidence(request: Request, evidenceId: string | undefined) {
  const user = await requireUser(request);
  const record = EVIDENCE_ID.test(evidenceId ?? "") ? await findEvidence(evidenceId ?? "") : null;
  if (!record || record.userId !== user.id) throw data({ notFound: "evidence" }, { status: 404 });
  return record;
}

const TYPES: Record<KitFormat, string> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** A kit's file, exactly as it is handed out: personal fields opened, the kit with their keys. */
export async function kitBytes(
  record: StoredEvidence,
  format: KitFormat,
  organisationName: string | null = null,
): Promise<Uint8Array> {
  const { view, kit } = await openRecord(record);
  if (format === "pdf") {
    const verifyUrl = tokenVerifyUrl(getEnv().APP_URL, record.evidenceId);
    return evidencePdf(view, { verifyUrl, organisationName, kit });
  }
  const text = format === "csv" ? evidenceCsv(view) : `${JSON.stringify(kit, null, 2)}\n`;
  return new TextEncoder().encode(text);
}

/**
 * The kit as a download: the PDF (with the JSON attached), the CSV, or the signed JSON, its bytes
 * registered in the chain first, so the file itself can be verified.
 */
export async function kitResponse(
  record: StoredEvidence,
  format: KitFormat,
  organisationName: string | null,
): Promise<Response> {
  const bytes = await kitBytes(record, format, organisationName);
  const name = evidenceFileName(record, format);
  await registerIssuedFiles({
    organisationId: record.organisationId,
    // A learner downloads their own records only.
    userId: record.userId,
    files: [{ name, format, bytes }],
    holds: [record.evidenceId],
    description: `Evidence kit ${record.evidenceId} as ${format.toUpperCase()}`,
  });
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="${name}"`,
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
