import { createHash } from "node:crypto";
import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { type StoredEvidence, appendEvidence, findEvidence } from "./chain.server";

// Every file Kestrel hands out is registered (docs/decisions/039): the SHA-256 of its exact bytes
// goes into a signed `file-issued` record of the chain, with what the file holds. A file is then
// proven by its bytes alone: one changed byte and no record lists it.

export interface IssuedFile {
  name: string;
  /** pdf, csv, json, zip, html, mjs… */
  format: string;
  bytes: Uint8Array;
}

/** What a `file-issued` record's signed content lists for each file. */
export interface FileEntry {
  name: string;
  format: string;
  sha256: string;
  bytes: number;
}

export interface FileIssue {
  files: FileEntry[];
  /** The evidence ids of the records the files carry. */
  holds: string[];
  description: string;
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function fileEntry(file: IssuedFile): FileEntry {
  return {
    name: file.name,
    format: file.format,
    sha256: sha256Hex(file.bytes),
    bytes: file.bytes.byteLength,
  };
}

/** A record's list of files, when it is a `file-issued` record. */
export function fileIssueOf(record: StoredEvidence): FileIssue | null {
  if (record.kind !== "file-issued") return null;
  const content = record.envelope.payload.content as Partial<FileIssue>;
  if (!Array.isArray(content.files)) return null;
  return {
    files: content.files,
    holds: Array.isArray(content.holds) ? content.holds : [],
    description: typeof content.description === "string" ? content.description : "",
  };
}

export interface RegisterFiles {
  organisationId: number;
  /** Who the files were handed to. */
  userId: string | null;
  files: readonly (IssuedFile | FileEntry)[];
  holds: readonly string[];
  description: string;
  now?: Date;
}

const entryOf = (file: IssuedFile | FileEntry): FileEntry =>
  "sha256" in file ? file : fileEntry(file);

/**
 * Registers files handed out, in one record of the organisation's chain. A file whose exact bytes
 * are registered already (the same kit downloaded again: its bytes do not change) adds nothing.
 */
export async function registerIssuedFiles(input: RegisterFiles): Promise<StoredEvidence> {
  const files = input.files.map(entryOf);
  const [only] = files;
  if (files.length === 1 && only) {
    const known = await findIssuedFile(only.sha256);
    if (known) return known.record;
  }
  const timestamp = (input.now ?? new Date()).toISOString();
  return inOneTransaction(async () => {
    const record = await appendEvidence({
      organisationId: input.organisationId,
      kind: "file-issued",
      userId: input.userId,
      subject: `file:${only?.sha256 ?? "none"}`,
      payload: {
        jurisdiction: null,
        mode: "file-issued",
        packVersion: null,
        timestamp,
        content: {
          files,
          holds: [...input.holds],
          description: input.description,
        } satisfies FileIssue as unknown as Record<string, unknown>,
      },
    });
    const rows = new Map(files.map((file) => [file.sha256, file]));
    for (const file of rows.values()) {
      await getDb()
        .insertInto("evidence_file")
        .values({
          sha256: file.sha256,
          evidence_id: record.evidenceId,
          organisation_id: input.organisationId,
          name: file.name.slice(0, 300),
          created_at: timestamp,
        })
        .execute();
    }
    return record;
  });
}

export interface FoundFile {
  record: StoredEvidence;
  file: FileEntry;
  issue: FileIssue;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * The record that registered a file with this SHA-256, the earliest first. The record's signed
 * content must list the hash: the lookup table is only an index.
 */
export async function findIssuedFile(sha256: string): Promise<FoundFile | null> {
  if (!HEX_SHA256.test(sha256)) return null;
  const rows = await getDb()
    .selectFrom("evidence_file")
    .select("evidence_id")
    .where("sha256", "=", sha256)
    .orderBy("created_at")
    .limit(5)
    .execute();
  for (const row of rows) {
    const record = await findEvidence(row.evidence_id);
    const issue = record && fileIssueOf(record);
    const file = issue?.files.find((entry) => entry.sha256 === sha256);
    if (record && issue && file) return { record, file, issue };
  }
  return null;
}
