import { createHash } from "node:crypto";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { listPublicKeys } from "~/platform/lib/signing.server";
import {
  type ChainBreak,
  type StoredEvidence,
  auditChains,
  findEvidence,
  kitOf,
} from "./chain.server";
import { type FileEntry, fileEntry, registerIssuedFiles } from "./files.server";
import { openRecord } from "./opened.server";
import type { VerifierData } from "./standalone/assemble";
import { verifierHtml, verifierScript } from "./standalone.server";
import { tokenVerifyUrl } from "./view-token.server";
import { evidencePdf } from "./kit-pdf.server";
import { type RegisterRow, chainRegister, registerRowsCsv } from "./register.server";
import { escapeHtml } from "~/platform/lib/html";

// An organisation's audit package: one ZIP an examiner checks offline. The manifest (HTML and CSV)
// lists every record with its hash and the previous record's, each record's signed JSON and PDF
// sit beside it, and jwks.json holds the keys that check the signatures. The ZIP is written as it
// is read, one record's files at a time, so a long chain never sits in memory whole.

/** A package holds at most the newest this many records: each is a PDF to draw. */
export const PACKAGE_MAX_RECORDS = 5000;

export interface PackageOptions {
  /** Where the records' PDFs point for online verification. */
  appUrl: string;
  /** Who the package is handed to. */
  userId: string | null;
  now?: Date;
  maxRecords?: number;
}

interface Organisation {
  id: number;
  name: string;
}

interface Summary {
  organisation: Organisation;
  generatedAt: string;
  rows: RegisterRow[];
  total: number;
  audit: { records: number; breaks: ChainBreak[] };
}

interface PackageFile {
  name: string;
  data: Uint8Array;
  /** PDFs are compressed already. */
  compress: boolean;
}

const formatOf = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

/** `audit-package_{organisation}_{YYYY-MM-DD}.zip`. */
export function auditPackageFileName(organisation: Organisation, now = new Date()): string {
  const slug = organisation.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `audit-package_${slug || `organisation-${organisation.id}`}_${now.toISOString().slice(0, 10)}.zip`;
}

const stemOf = (row: Pick<RegisterRow, "sequence" | "evidenceId">) =>
  `${row.sequence}-${row.evidenceId}`;

const PROBLEMS: Record<string, string> = {
  hash: "its hash is not the hash of its envelope",
  position: "its stored position differs from the one its envelope signs",
  sequence: "the record before it is missing",
  link: "its previous hash is not the previous record's hash",
};

const records = (count: number) => `${count} record${count === 1 ? "" : "s"}`;

/** The chain audit in a sentence. */
function auditSentence({ audit }: Summary): string {
  const [first] = audit.breaks;
  if (!first) return `Chain intact: ${records(audit.records)} checked, hashes and links correct.`;
  return (
    `Chain broken at record ${first.sequence}: ${PROBLEMS[first.problem] ?? first.problem} ` +
    `(expected ${first.expected}, found ${first.found}).`
  );
}

function extentSentence({ rows, total }: Summary): string {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last) return "The chain holds no records yet.";
  const range = `records ${first.sequence} to ${last.sequence}`;
  return rows.length < total
    ? `This package holds the newest ${rows.length} of the chain's ${total} records (${range}); ` +
        `a package holds at most ${PACKAGE_MAX_RECORDS}.`
    : `This package holds all ${records(total)} of the chain (${range}).`;
}

const learnerOf = (row: RegisterRow) =>
  row.learnerEmail ? `${row.learnerName ?? ""} <${row.learnerEmail}>`.trim() : "";

function manifestHtml(summary: Summary): string {
  const { organisation, generatedAt, rows } = summary;
  const cells = (row: RegisterRow) =>
    [
      String(row.sequence),
      row.evidenceId,
      row.kind,
      learnerOf(row),
      row.scenarioId ?? "",
      row.createdAt,
    ].map((value) => `<td>${escapeHtml(value)}</td>`);
  const body = rows
    .map((row) => {
      const stem = escapeHtml(stemOf(row));
      return (
        `<tr>${cells(row).join("")}` +
        `<td class="hash">${escapeHtml(row.hash)}</td><td class="hash">${escapeHtml(row.prevHash)}</td>` +
        `<td><a href="records/${stem}.json">JSON</a> <a href="pdf/${stem}.pdf">PDF</a></td></tr>`
      );
    })
    .join("\n");
  const title = `Evidence audit package: ${escapeHtml(organisation.name)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem; color: #17263f; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccd3dd; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #f1f4f8; }
.hash { font-family: ui-monospace, monospace; word-break: break-all; max-width: 18rem; }
</style>
</head>
<body>
<h1>${title}</h1>
<dl>
<dt>Organisation</dt><dd>${escapeHtml(organisation.name)} (id ${organisation.id})</dd>
<dt>Generated at</dt><dd>${generatedAt}</dd>
<dt>Records</dt><dd>${escapeHtml(extentSentence(summary))}</dd>
<dt>Chain audit</dt><dd>${escapeHtml(auditSentence(summary))}</dd>
</dl>
<p>Each record's previous hash is the hash of the record before it. README.txt explains how to check
the records and the keys in jwks.json offline.</p>
<table>
<caption>Records in chain order</caption>
<thead><tr><th scope="col">Sequence</th><th scope="col">Evidence id</th><th scope="col">Kind</th><th scope="col">Learner</th><th scope="col">Scenario</th><th scope="col">Recorded</th><th scope="col">Hash</th><th scope="col">Previous hash</th><th scope="col">Files</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
</body>
</html>
`;
}

function readme(summary: Summary): string {
  const example = summary.rows[0] ? stemOf(summary.rows[0]) : "1-EV-0000-0000-0000-0000";
  return `Kestrel evidence audit package
Organisation: ${summary.organisation.name} (id ${summary.organisation.id})
Generated at: ${summary.generatedAt}
${extentSentence(summary)}
${auditSentence(summary)}

What it holds
  manifest.html        every record: sequence, evidence id, kind, learner, date, hash, previous hash
  manifest.csv         the same rows as a spreadsheet
  records/             each record's signed JSON (the evidence kit): records/{sequence}-{evidence id}.json
  pdf/                 each record as a PDF, with the same JSON attached as evidence.json
  jwks.json            the public keys (Ed25519, JWKS) that signed the records
  issued-files.json    a signed record listing the SHA-256 of every file above, as Kestrel issued it
  verify.html          a verifier that needs nothing else: open it in a browser, even offline
  verify-evidence.mjs  the same verifier for Node.js 20 or later, with no other file needed

Checking it offline
1. Each file. Open verify.html and choose any files of this package (a record's JSON, a PDF, the
   CSV), or run:
     node verify-evidence.mjs pdf/${example}.pdf records/${example}.json
   A record's JSON is checked by its signature; any other file by its SHA-256, which must be listed
   in issued-files.json (itself a signed record): one changed byte and the file is reported as
   altered. Both show each record's signed content, to compare with the document in hand. Neither
   uses the network. The same check by hand: the record's "hash" is the
   SHA-256 (hex) of its "envelope" in RFC 8785 canonical JSON; its evidence id is "EV-" and the
   hash's first 16 hex digits, upper case, in groups of four; "signature.signature" is an Ed25519
   signature (base64url) of the same canonical JSON by the key in jwks.json whose "kid" is
   "signature.keyId". A PDF can be checked the same way: its attachment is the record's JSON.
2. The chain. Records are numbered from 1 in the organisation's chain, with no gaps. Each record's
   prevHash (manifest column "Previous hash", envelope field "prevHash") is the hash of the record
   before it; the first record's is 64 zeros. A retention purge removes the oldest records and
   appends a purge record whose lastPurgedHash is the hash the first record kept links to.
   Changing, removing or reordering a record breaks the link after it.
`;
}

const encoder = new TextEncoder();
const text = (name: string, value: string): PackageFile => ({
  name,
  data: encoder.encode(value),
  compress: true,
});

async function* packageFiles(
  organisation: Organisation,
  { appUrl, now = new Date(), maxRecords = PACKAGE_MAX_RECORDS }: PackageOptions,
): AsyncGenerator<PackageFile> {
  const [{ rows, total }, audit, keys] = await Promise.all([
    chainRegister(organisation.id, maxRecords),
    auditChains([organisation.id]),
    listPublicKeys(),
  ]);
  const summary: Summary = { organisation, generatedAt: now.toISOString(), rows, total, audit };
  yield text("README.txt", readme(summary));
  yield text("jwks.json", `${JSON.stringify({ keys }, null, 2)}\n`);
  yield text("manifest.html", manifestHtml(summary));
  yield text(
    "manifest.csv",
    registerRowsCsv(rows, new Map([[organisation.id, organisation.name]])),
  );
  for (const row of rows) {
    const record = await findEvidence(row.evidenceId);
    // Only the retention purge removes records, and only the oldest ones.
    if (!record) throw new Error(`${row.evidenceId} was purged while its package was written`);
    const { view, kit } = await openRecord(record);
    yield text(`records/${stemOf(row)}.json`, `${JSON.stringify(kit, null, 2)}\n`);
    const verifyUrl = tokenVerifyUrl(appUrl, record.evidenceId);
    yield {
      name: `pdf/${stemOf(row)}.pdf`,
      data: await evidencePdf(view, { verifyUrl, organisationName: organisation.name, kit }),
      compress: false,
    };
  }
}

/**
 * The package's files, then the record that registers them all and the verifiers that read it:
 * an examiner checks every file offline against issued-files.json.
 */
async function* registeredPackageFiles(
  organisation: Organisation,
  options: PackageOptions,
  registered: (record: StoredEvidence) => void,
): AsyncGenerator<PackageFile> {
  const entries: FileEntry[] = [];
  const holds: string[] = [];
  for await (const file of packageFiles(organisation, options)) {
    entries.push(fileEntry({ name: file.name, format: formatOf(file.name), bytes: file.data }));
    const held = /^records\/\d+-(EV-[0-9A-F-]+)\.json$/.exec(file.name)?.[1];
    if (held) holds.push(held);
    yield file;
  }
  const record = await registerIssuedFiles({
    organisationId: organisation.id,
    userId: options.userId,
    files: entries,
    holds,
    description: `Audit package of ${organisation.name}: ${holds.length} record${holds.length === 1 ? "" : "s"}`,
    now: options.now,
  });
  registered(record);
  const kit = kitOf(record);
  yield text("issued-files.json", `${JSON.stringify(kit, null, 2)}\n`);
  const data: VerifierData = {
    keys: await listPublicKeys(),
    registries: [kit],
    issuer: { name: "Kestrel", url: options.appUrl },
    generatedAt: (options.now ?? new Date()).toISOString(),
  };
  yield text("verify.html", verifierHtml(data));
  yield text("verify-evidence.mjs", verifierScript(data));
}

/**
 * The package as a stream of ZIP bytes. Each file is made when the reader asks for more, so a
 * slow download holds back the work instead of piling up memory.
 */
export function auditPackageStream(
  organisation: Organisation,
  options: PackageOptions,
): ReadableStream<Uint8Array> {
  let members: StoredEvidence | undefined;
  const files = registeredPackageFiles(organisation, options, (record) => (members = record));
  const mtime = options.now ?? new Date();
  // The ZIP's own bytes are registered as they are sent, before its last byte is released: a
  // package downloaded whole is one the chain lists.
  const hash = createHash("sha256");
  let size = 0;
  const registerZip = () =>
    registerIssuedFiles({
      organisationId: organisation.id,
      userId: options.userId,
      files: [
        {
          name: auditPackageFileName(organisation, options.now),
          format: "zip",
          sha256: hash.digest("hex"),
          bytes: size,
        },
      ],
      holds: members ? [members.evidenceId] : [],
      description: `Audit package of ${organisation.name} as ZIP`,
      now: options.now,
    });
  let zip: Zip | undefined;
  // Set once the last chunk is written: the stream waits on it instead of asking for more.
  let finishing: Promise<void> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        hash.update(chunk);
        size += chunk.byteLength;
        if (!final) return controller.enqueue(chunk);
        finishing = registerZip().then(
          () => {
            controller.enqueue(chunk);
            controller.close();
          },
          (failure: unknown) => controller.error(failure),
        );
      });
    },
    async pull() {
      if (!zip || finishing) return finishing;
      const next = await files.next();
      if (next.done) {
        zip.end();
        return finishing;
      }
      const { name, data, compress } = next.value;
      const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(data, true);
    },
    async cancel() {
      zip?.terminate();
      await files.return(undefined);
    },
  });
}

/** The whole package in memory: for tests and small chains. */
export async function auditPackage(
  organisation: Organisation,
  options: PackageOptions,
): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(auditPackageStream(organisation, options)).arrayBuffer(),
  );
}

/** The package as a download, written while it is sent. */
export function auditPackageResponse(
  organisation: Organisation,
  options: PackageOptions,
): Response {
  return new Response(auditPackageStream(organisation, options), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${auditPackageFileName(organisation, options.now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
