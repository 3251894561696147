// Part of `npm run bench`: evidence appends on SQLite, one at a time and each its own durable
// commit, beside a bare better-sqlite3 insert of the same row; then the audit of a chain of
// 100,000 records. Runs the built server bundle against a fresh database (DATABASE_URL) and writes
// its figures as JSON to RESULT_FILE.
import { rmSync, writeFileSync } from "node:fs";
import Database from "better-sqlite3";

const APPENDS = 2000;
const AUDIT_RECORDS = 100_000;
const BATCH = 5000;

for (const file of [process.env.DATABASE_URL, process.env.BARE_DATABASE]) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}
// A path in a variable: the type checker leaves the built bundle alone.
const BUILD_PATH = "../../build/server/index.js";
const app = await import(BUILD_PATH);
const payload = (/** @type {number} */ n) => ({
  jurisdiction: "sg",
  mode: "guided",
  packVersion: "1.2.0",
  timestamp: new Date().toISOString(),
  content: {
    attempt: { id: n, mode: "guided" },
    gradingSummary: { percent: 88, band: "Proficient" },
  },
});
const append = (/** @type {number} */ organisationId, /** @type {number} */ n) =>
  app.appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `bench:${n}`,
    payload: payload(n),
  });

await app.prepareDatabase();
let started = performance.now();
for (let n = 0; n < APPENDS; n += 1) await append(1, n);
const appendSeconds = (performance.now() - started) / 1000;

// The bare insert: the same row (the last one appended, under a new position each time), into the
// same table shape, with the server's durability settings.
const bare = new Database(process.env.BARE_DATABASE);
bare.pragma("journal_mode = WAL");
bare.pragma("synchronous = FULL");
bare.exec(`create table evidence_record (id integer primary key autoincrement,
  organisation_id integer not null, sequence integer not null, evidence_id text not null unique,
  kind text not null, learner_id text, user_id text, subject text not null, scenario_id text,
  envelope text not null, hash text not null, prev_hash text not null, key_id text not null,
  signature text not null, created_at text not null, unique (organisation_id, sequence))`);
const last = await append(1, APPENDS);
const sample = {
  organisation_id: last.organisationId,
  kind: last.kind,
  learner_id: null,
  user_id: null,
  subject: last.subject,
  scenario_id: null,
  envelope: JSON.stringify(last.envelope),
  hash: last.hash,
  prev_hash: last.prevHash,
  key_id: last.keyId,
  signature: last.signature,
  created_at: last.createdAt,
};
const insert = bare.prepare(`insert into evidence_record (organisation_id, sequence, evidence_id,
  kind, learner_id, user_id, subject, scenario_id, envelope, hash, prev_hash, key_id, signature,
  created_at) values (@organisation_id, @sequence, @evidence_id, @kind, @learner_id, @user_id,
  @subject, @scenario_id, @envelope, @hash, @prev_hash, @key_id, @signature, @created_at)`);
started = performance.now();
for (let n = 0; n < APPENDS; n += 1) {
  insert.run({ ...sample, sequence: n + 1, evidence_id: `EV-BARE-${n}` });
}
const bareSeconds = (performance.now() - started) / 1000;
bare.close();

// A long chain, appended in batches (one commit each), then audited from its first record.
for (let done = 0; done < AUDIT_RECORDS; done += BATCH) {
  await app.inEvidenceBatch(async () => {
    for (let n = done; n < Math.min(done + BATCH, AUDIT_RECORDS); n += 1) await append(2, n);
  });
}
started = performance.now();
const audit = await app.auditEvidenceChain(2);
const auditSeconds = (performance.now() - started) / 1000;
await app.closeDatabase();

writeFileSync(
  process.env.RESULT_FILE ?? "evidence-chain.json",
  JSON.stringify({
    appendsPerSecond: APPENDS / appendSeconds,
    bareInsertsPerSecond: APPENDS / bareSeconds,
    auditRecords: audit.records,
    auditSeconds,
    breaks: audit.breaks.length,
  }),
);
