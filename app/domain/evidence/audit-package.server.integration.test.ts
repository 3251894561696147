import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import type { PublicJwk } from "~/platform/lib/signing.server";
import { auditPackage } from "./audit-package.server";
import { type StoredEvidence, appendEvidence } from "./chain.server";
import { type FileIssue, findIssuedFile, sha256Hex } from "./files.server";
import { GENESIS_HASH, checkKit } from "./record.server";
import { verifyEvidence } from "./verify.server";

// An organisation's audit package as an examiner opens it: a ZIP whose manifest lists every record
// of the chain, whose records verify with the package's own keys and link to one another, and
// nothing of another organisation's chain.

const harbour = { id: 7, name: "Harbour Bank <Singapore>" };
const options = {
  appUrl: "https://kestrel.example",
  userId: null,
  now: new Date("2026-04-01T10:00:00.000Z"),
};

const append = (organisationId: number, n: number) =>
  appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `attempt:${n}`,
    userId: null,
    scenarioId: "paynow-pep-pass-through",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: new Date(Date.UTC(2026, 2, n)).toISOString(),
      content: { learner: { name: "Siti Rahman", email: "siti@bank.example" }, n },
    },
  });

async function chain(organisationId: number, length: number): Promise<StoredEvidence[]> {
  const records: StoredEvidence[] = [];
  for (let n = 1; n <= length; n += 1) records.push(await append(organisationId, n));
  return records;
}

// Keeps a byte order mark, so the test sees it.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const read = (files: Record<string, Uint8Array>, name: string) => {
  const file = files[name];
  if (!file) throw new Error(`${name} is not in the package`);
  return decoder.decode(file);
};
const stem = (record: StoredEvidence) => `${record.sequence}-${record.evidenceId}`;

/** The package's own Node verifier, run in its folder with no repository and no network. */
async function verifyOffline(folder: string, files: string[]) {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["verify-evidence.mjs", ...files],
      { cwd: folder, env: { PATH: process.env.PATH ?? "" } },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("an organisation's audit package", () => {
  it("holds the manifest, every record's JSON and PDF, and the keys that verify them", async () => {
    const records = await chain(harbour.id, 3);
    const [stranger] = await chain(8, 1);
    const zip = await auditPackage(harbour, options);
    expect(decoder.decode(zip.subarray(0, 2))).toBe("PK");
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "jwks.json",
        "manifest.csv",
        "manifest.html",
        "issued-files.json",
        "verify.html",
        "verify-evidence.mjs",
        ...records.flatMap((record) => [`records/${stem(record)}.json`, `pdf/${stem(record)}.pdf`]),
      ].sort(),
    );

    const { keys } = JSON.parse(read(files, "jwks.json")) as { keys: PublicJwk[] };
    let previous = GENESIS_HASH;
    for (const record of records) {
      const kit: unknown = JSON.parse(read(files, `records/${stem(record)}.json`));
      expect(checkKit(kit, keys)).toEqual({
        status: "verified",
        evidenceId: record.evidenceId,
        keyId: record.keyId,
        sequence: record.sequence,
      });
      expect(kit).toMatchObject({ hash: record.hash, chain: { prevHash: previous } });
      previous = record.hash;
      expect(read(files, `pdf/${stem(record)}.pdf`).slice(0, 5)).toBe("%PDF-");
    }

    const html = read(files, "manifest.html");
    expect(html).toContain("Harbour Bank &lt;Singapore&gt; (id 7)");
    expect(html).toContain("2026-04-01T10:00:00.000Z");
    expect(html).toContain("This package holds all 3 records of the chain (records 1 to 3).");
    expect(html).toContain("Chain intact: 3 records checked, hashes and links correct.");
    expect(html).not.toContain("<script");
    for (const record of records) {
      expect(html).toContain(`<td>${record.evidenceId}</td>`);
      expect(html).toContain(`<td class="hash">${record.hash}</td>`);
      expect(html).toContain(`href="records/${stem(record)}.json"`);
      expect(html).toContain(`href="pdf/${stem(record)}.pdf"`);
    }
    expect(html).not.toContain(stranger?.evidenceId);

    const csv = read(files, "manifest.csv");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = csv.slice(1).trim().split("\n").slice(1);
    expect(rows.map((row) => row.split(",").slice(2, 4))).toEqual(
      records.map((record) => [String(record.sequence), record.evidenceId]),
    );
    expect(rows[1]).toContain(`,${records[1]?.hash},${records[0]?.hash},`);

    const readme = read(files, "README.txt");
    expect(readme).toContain(
      `node verify-evidence.mjs pdf/${stem(records[0] as StoredEvidence)}.pdf`,
    );
    expect(readme).toContain("prevHash");

    // issued-files.json is a signed record listing every file before it by its SHA-256, and the
    // ZIP itself is registered in a record of its own.
    const issued: unknown = JSON.parse(read(files, "issued-files.json"));
    expect(checkKit(issued, keys)).toMatchObject({ status: "verified" });
    const listed = (issued as { envelope: { payload: { content: FileIssue } } }).envelope.payload
      .content;
    const before = Object.keys(files).filter(
      (name) => !["issued-files.json", "verify.html", "verify-evidence.mjs"].includes(name),
    );
    expect(listed.files.map((file) => file.name).sort()).toEqual(before.sort());
    for (const file of listed.files) expect(file.sha256).toBe(sha256Hex(files[file.name] ?? ""));
    expect(listed.holds).toEqual(records.map((record) => record.evidenceId));
    const registry = (issued as { evidenceId: string }).evidenceId;
    expect(await findIssuedFile(sha256Hex(zip))).toMatchObject({
      file: { format: "zip", bytes: zip.byteLength },
      issue: { holds: [registry] },
    });
    expect(
      await verifyEvidence({ file: { bytes: zip, name: "p.zip", contentType: "" } }),
    ).toMatchObject({
      status: "verified",
      file: { format: "zip" },
    });
  });

  it("checks itself offline: its Node verifier, run from the unpacked folder, needs nothing else", async () => {
    const records = await chain(harbour.id, 2);
    const files = unzipSync(await auditPackage(harbour, options));
    const folder = await mkdtemp(path.join(tmpdir(), "kestrel-package-"));
    try {
      for (const [name, bytes] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await writeFile(path.join(folder, name), bytes);
      }
      const pdf = `pdf/${stem(records[1] as StoredEvidence)}.pdf`;
      const json = `records/${stem(records[0] as StoredEvidence)}.json`;
      const genuine = await verifyOffline(folder, [pdf, json, "manifest.csv"]);
      expect(genuine.code).toBe(0);
      expect(genuine.output).toContain(records[1]?.evidenceId);
      expect(genuine.output).toContain("Siti Rahman");
      // One byte of the PDF changed: altered, and the run fails.
      const bytes = Uint8Array.from(files[pdf] ?? []);
      bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1;
      await writeFile(path.join(folder, "edited.pdf"), bytes);
      expect((await verifyOffline(folder, ["edited.pdf"])).code).toBe(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("keeps the newest records when the chain is longer than a package holds, and says so", async () => {
    const records = await chain(harbour.id, 3);
    const files = unzipSync(await auditPackage(harbour, { ...options, maxRecords: 2 }));
    const kept = records.slice(1);
    expect(Object.keys(files).filter((name) => name.startsWith("records/"))).toEqual(
      kept.map((record) => `records/${stem(record)}.json`),
    );
    expect(read(files, "manifest.html")).toContain(
      "This package holds the newest 2 of the chain's 3 records (records 2 to 3); a package holds at most 5000.",
    );
  });

  it("names the first broken record in the manifest", async () => {
    await chain(harbour.id, 3);
    const db = getDb();
    // An intruder with database access rewrites the second record's content.
    await db.insertInto("evidence_purge_permit").values({ id: 1, reason: "test" }).execute();
    const second = await db
      .selectFrom("evidence_record")
      .selectAll()
      .where("organisation_id", "=", harbour.id)
      .where("sequence", "=", 2)
      .executeTakeFirstOrThrow();
    await db.deleteFrom("evidence_record").where("id", "=", second.id).execute();
    await db
      .insertInto("evidence_record")
      .values({ ...second, id: undefined, envelope: second.envelope.replace('"n":2', '"n":22') })
      .execute();
    await db.deleteFrom("evidence_purge_permit").execute();
    const files = unzipSync(await auditPackage(harbour, options));
    expect(read(files, "manifest.html")).toContain(
      "Chain broken at record 2: its hash is not the hash of its envelope",
    );
    expect(read(files, "README.txt")).toContain("Chain broken at record 2");
  });

  it("is a valid package with no records for an organisation whose chain is empty", async () => {
    const files = unzipSync(await auditPackage(harbour, options));
    expect(Object.keys(files).sort()).toEqual([
      "README.txt",
      "issued-files.json",
      "jwks.json",
      "manifest.csv",
      "manifest.html",
      "verify-evidence.mjs",
      "verify.html",
    ]);
    expect(read(files, "manifest.html")).toContain("The chain holds no records yet.");
  });
});
