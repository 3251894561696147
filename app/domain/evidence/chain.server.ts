import { inChunks } from "~/platform/lib/chunks";
import type { Selectable } from "kysely";
import { getDb, inOneTransaction, isPostgres } from "~/platform/db/db.server";
import type { EvidenceRecordTable } from "~/platform/db/schema";
import { getLogger } from "~/platform/lib/logger.server";
import { canonicalJson, signCanonicalJson } from "~/platform/lib/signing.server";
import {
  type Envelope,
  type EvidenceKind,
  type EvidenceKit,
  type EvidencePayload,
  GENESIS_HASH,
  KIT_FORMAT,
  evidenceIdOf,
  hashCanonical,
  hashEnvelope,
} from "./record.server";
import { sealPersonal } from "./personal.server";
import type { StoredEvidence } from "./types";

export type { StoredEvidence } from "./types";

// One append-only chain per organisation. An append locks the chain's head (PostgreSQL: the row;
// SQLite: the single writer), takes the next sequence and the head's hash, signs and stores the
// record, and moves the head, all in one transaction: sequences never gap or fork.

export interface AppendEvidence {
  organisationId: number;
  kind: EvidenceKind;
  learnerId?: string | null;
  userId?: string | null;
  subject: string;
  scenarioId?: string | null;
  payload: EvidencePayload;
}

const ATTEMPTS = 5;

function isPositionClash(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  return /unique|duplicate key/i.test(text);
}

/** Appends a record to its organisation's chain and answers it as stored. */
export async function appendEvidence(input: AppendEvidence): Promise<StoredEvidence> {
  // Inside a workflow's transaction the head is already locked (PostgreSQL's row lock, SQLite's
  // write lock taken at begin), and a failed statement would have ended the transaction anyway.
  if (getDb().isTransaction) return appendOnce(input);
  // A clash on the position can only come from a writer this lock does not see (another SQLite
  // process): the record is built again on the new head.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inOneTransaction(() => appendOnce(input));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isPositionClash(error)) throw error;
    }
  }
}

async function appendOnce(input: AppendEvidence): Promise<StoredEvidence> {
  const db = getDb();
  const readHead = () => {
    let head = db
      .selectFrom("evidence_chain_head")
      .select(["sequence", "hash"])
      .where("organisation_id", "=", input.organisationId);
    if (isPostgres()) head = head.forUpdate();
    return head.executeTakeFirst();
  };
  let head = await readHead();
  if (!head) {
    // A chain's first record: its head starts at the genesis hash (a racing first writer's row wins).
    await db
      .insertInto("evidence_chain_head")
      .values({ organisation_id: input.organisationId, sequence: 0, hash: GENESIS_HASH })
      .onConflict((oc) => oc.column("organisation_id").doNothing())
      .execute();
    head = await readHead();
  }
  if (!head) throw new Error(`no chain head for organisation ${input.organisationId}`);
  const { sequence: last, hash: prevHash } = head;
  // The learner's personal fields are signed sealed, so they can be erased later (039).
  const content = await sealPersonal(input.payload.content, input.userId ?? null);
  const envelope: Envelope = {
    version: 1,
    organisation: input.organisationId,
    sequence: last + 1,
    prevHash,
    kind: input.kind,
    payload: { ...input.payload, content },
  };
  const canonical = canonicalJson(envelope);
  const hash = hashCanonical(canonical);
  const evidenceId = evidenceIdOf(hash);
  const { keyId, signature } = await signCanonicalJson(canonical);
  const row = {
    organisation_id: input.organisationId,
    sequence: envelope.sequence,
    evidence_id: evidenceId,
    kind: input.kind,
    learner_id: input.learnerId ?? null,
    user_id: input.userId ?? null,
    subject: input.subject,
    scenario_id: input.scenarioId ?? null,
    envelope: canonical,
    hash,
    prev_hash: prevHash,
    key_id: keyId,
    signature,
    created_at: input.payload.timestamp,
  };
  const { id } = await db
    .insertInto("evidence_record")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("evidence_chain_head")
    .set({ sequence: envelope.sequence, hash })
    .where("organisation_id", "=", input.organisationId)
    .where("sequence", "=", last)
    .execute();
  return stored({ id, ...row });
}

type Row = Selectable<EvidenceRecordTable>;

function stored(row: Row): StoredEvidence {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    sequence: row.sequence,
    evidenceId: row.evidence_id,
    kind: row.kind as EvidenceKind,
    learnerId: row.learner_id,
    userId: row.user_id,
    subject: row.subject,
    scenarioId: row.scenario_id,
    envelope: JSON.parse(row.envelope) as Envelope,
    hash: row.hash,
    prevHash: row.prev_hash,
    keyId: row.key_id,
    signature: row.signature,
    createdAt: row.created_at,
  };
}

/** The kit's JSON for a stored record. */
export function kitOf(record: StoredEvidence): EvidenceKit {
  return {
    format: KIT_FORMAT,
    evidenceId: record.evidenceId,
    hash: record.hash,
    envelope: record.envelope,
    signature: { keyId: record.keyId, signature: record.signature, algorithm: "Ed25519" },
    chain: {
      organisation: record.organisationId,
      sequence: record.sequence,
      prevHash: record.prevHash,
    },
  };
}

export async function findEvidence(evidenceId: string): Promise<StoredEvidence | null> {
  const row = await getDb()
    .selectFrom("evidence_record")
    .selectAll()
    .where("evidence_id", "=", evidenceId)
    .executeTakeFirst();
  return row ? stored(row) : null;
}

/** The newest record about a subject (`aml-attempt:12`), of one kind. */
export async function evidenceAbout(
  kind: EvidenceKind,
  subject: string,
): Promise<StoredEvidence | null> {
  const row = await getDb()
    .selectFrom("evidence_record")
    .selectAll()
    .where("subject", "=", subject)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? stored(row) : null;
}

/** The newest record of each subject of one kind: subject → evidence id (a few queries). */
export async function evidenceIdsOfSubjects(
  kind: EvidenceKind,
  subjects: readonly string[],
): Promise<Map<string, string>> {
  const rows = await inChunks([...new Set(subjects)], (slice) =>
    getDb()
      .selectFrom("evidence_record")
      .select(["subject", "evidence_id"])
      .where("kind", "=", kind)
      .where("subject", "in", slice)
      .orderBy("id")
      .execute(),
  );
  // Oldest first, so the newest of a subject is the one kept.
  return new Map(rows.map((row) => [row.subject, row.evidence_id]));
}

/** What a user did, newest first (not the files handed to them: those are the chain's business). */
export async function evidenceOfUser(userId: string, limit = 200): Promise<StoredEvidence[]> {
  const rows = await getDb()
    .selectFrom("evidence_record")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "!=", "file-issued")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(stored);
}

export interface ChainBreak {
  organisationId: number;
  sequence: number;
  problem: string;
  expected: string;
  found: string;
}

const AUDIT_BATCH = 2000;

/**
 * Walks each chain in order and names its first broken record: a gap in the sequence, a link to
 * another hash than the previous record's, or a hash that is not its envelope's. A chain whose
 * oldest records were purged starts from the purge record's last purged hash.
 */
export async function auditChains(
  organisationIds?: readonly number[],
): Promise<{ records: number; chains: number; breaks: ChainBreak[] }> {
  const db = getDb();
  let chainsQuery = db
    .selectFrom("evidence_chain_head")
    .select("organisation_id")
    .orderBy("organisation_id");
  if (organisationIds) chainsQuery = chainsQuery.where("organisation_id", "in", organisationIds);
  const chains = await chainsQuery.execute();
  const breaks: ChainBreak[] = [];
  let records = 0;
  for (const { organisation_id: organisationId } of chains) {
    const purges = await purgedEnds(organisationId);
    let previous: { sequence: number; hash: string } | null = null;
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom("evidence_record")
        .select(["sequence", "envelope", "hash", "prev_hash"])
        .where("organisation_id", "=", organisationId)
        .where("sequence", ">", after)
        .orderBy("sequence")
        .limit(AUDIT_BATCH)
        .execute();
      if (rows.length === 0) break;
      const found = checkRun(organisationId, rows, previous, purges);
      records += rows.length;
      const last = rows[rows.length - 1];
      if (found) {
        breaks.push(found);
        break;
      }
      if (!last) break;
      previous = { sequence: last.sequence, hash: last.hash };
      after = last.sequence;
    }
  }
  return { records, chains: chains.length, breaks };
}

/** Where each purge of a chain ended: the last purged sequence and its hash. */
async function purgedEnds(organisationId: number): Promise<Map<number, string>> {
  const rows = await getDb()
    .selectFrom("evidence_record")
    .select("envelope")
    .where("organisation_id", "=", organisationId)
    .where("kind", "=", "purge")
    .execute();
  const ends = new Map<number, string>();
  for (const row of rows) {
    const { content } = (JSON.parse(row.envelope) as Envelope).payload;
    if (
      typeof content.lastPurgedSequence === "number" &&
      typeof content.lastPurgedHash === "string"
    ) {
      ends.set(content.lastPurgedSequence, content.lastPurgedHash);
    }
  }
  return ends;
}

function checkRun(
  organisationId: number,
  rows: { sequence: number; envelope: string; hash: string; prev_hash: string }[],
  previous: { sequence: number; hash: string } | null,
  purges: ReadonlyMap<number, string>,
): ChainBreak | null {
  let before = previous;
  for (const row of rows) {
    const at = (problem: string, expected: string, found: string): ChainBreak => ({
      organisationId,
      sequence: row.sequence,
      problem,
      expected,
      found,
    });
    const envelope = JSON.parse(row.envelope) as Envelope;
    const hash = hashEnvelope(envelope);
    if (hash !== row.hash) return at("hash", hash, row.hash);
    if (envelope.sequence !== row.sequence || envelope.prevHash !== row.prev_hash) {
      return at(
        "position",
        `${row.sequence} after ${row.prev_hash}`,
        `${envelope.sequence} after ${envelope.prevHash}`,
      );
    }
    if (before === null) {
      // The first record kept: the chain's start, or the one after the records a purge removed.
      const expected = row.sequence === 1 ? GENESIS_HASH : purges.get(row.sequence - 1);
      if (expected === undefined)
        return at("sequence", "1, or the first after a purge", String(row.sequence));
      if (row.prev_hash !== expected) return at("link", expected, row.prev_hash);
    } else {
      if (row.sequence !== before.sequence + 1) {
        return at("sequence", String(before.sequence + 1), String(row.sequence));
      }
      if (row.prev_hash !== before.hash) return at("link", before.hash, row.prev_hash);
    }
    before = { sequence: row.sequence, hash: row.hash };
  }
  return null;
}

/**
 * The retention purge, the one deletion evidence allows: in each chain, the records older than the
 * retention period go, and a signed purge record is appended that carries the last purged hash, so
 * the first record kept still links to something the chain holds.
 */
export async function purgeExpiredEvidence({
  now,
  retentionYears,
  organisationId,
}: {
  now: Date;
  retentionYears: number;
  organisationId?: number;
}): Promise<{ chains: number; purged: number }> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears);
  const before = cutoff.toISOString();
  let query = getDb()
    .selectFrom("evidence_record")
    .select("organisation_id")
    .distinct()
    .where("created_at", "<", before)
    .where("kind", "!=", "purge");
  if (organisationId !== undefined) query = query.where("organisation_id", "=", organisationId);
  const chains = await query.execute();
  let purged = 0;
  for (const { organisation_id: chain } of chains) {
    purged += await inOneTransaction(() => purgeChain(chain, before, now, retentionYears));
  }
  return { chains: chains.length, purged };
}

async function purgeChain(
  organisationId: number,
  before: string,
  now: Date,
  retentionYears: number,
): Promise<number> {
  const db = getDb();
  let head = db
    .selectFrom("evidence_chain_head")
    .select("sequence")
    .where("organisation_id", "=", organisationId);
  if (isPostgres()) head = head.forUpdate();
  await head.executeTakeFirstOrThrow();
  // Records are appended in time order, so the expired ones are the oldest run of the chain.
  const last = await db
    .selectFrom("evidence_record")
    .select(["sequence", "hash"])
    .where("organisation_id", "=", organisationId)
    .where("created_at", "<", before)
    .orderBy("sequence", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last) return 0;
  await db.insertInto("evidence_purge_permit").values({ id: 1, reason: "retention" }).execute();
  const deleted = await db
    .deleteFrom("evidence_record")
    .where("organisation_id", "=", organisationId)
    .where("sequence", "<=", last.sequence)
    .executeTakeFirst();
  await db.deleteFrom("evidence_purge_permit").where("id", "=", 1).execute();
  const count = Number(deleted.numDeletedRows);
  const record = await appendOnce({
    organisationId,
    kind: "purge",
    subject: `purge:${last.sequence}`,
    payload: {
      jurisdiction: null,
      mode: "retention-purge",
      packVersion: null,
      timestamp: now.toISOString(),
      content: {
        reason: `Retention period of ${retentionYears} years ended`,
        purgedBefore: before,
        purgedCount: count,
        lastPurgedSequence: last.sequence,
        lastPurgedHash: last.hash,
      },
    },
  });
  getLogger().warn(
    {
      organisationId,
      purged: count,
      lastPurgedSequence: last.sequence,
      purgeRecord: record.evidenceId,
    },
    "evidence purged at the end of its retention period",
  );
  return count;
}

/**
 * Records evidence of something a signed-in user did, in the chain of the organisation the caller
 * names. It joins the caller's transaction (a workflow's): the record and the fact it records are
 * committed together, and a failure here undoes both (docs/decisions/036).
 */
export async function recordEvidence(
  input: Omit<AppendEvidence, "userId"> & { user: { id: string } },
): Promise<StoredEvidence> {
  const { user, ...rest } = input;
  return appendEvidence({ ...rest, userId: user.id });
}
