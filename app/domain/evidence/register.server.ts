import { stringify } from "csv-stringify/sync";
import { getDb } from "~/platform/db/db.server";
import { neutraliseCsvCell } from "~/platform/lib/csv-cell";
import { ADMIN_SEARCH_MAX_LENGTH } from "~/platform/lib/listing";
import { type AccountSummary, accountsOf } from "~/platform/auth/index.server";
import { type ListPage, containsText, pageOf } from "~/platform/lib/listing.server";
import { z } from "~/platform/lib/zod";
import { registerIssuedFiles } from "./files.server";
import type { EvidenceKind } from "./record.server";

// The evidence register: every record of every chain as staff look for one (by organisation,
// learner, scenario and date), a page at a time, and as CSV with the hashes that link it.

export const REGISTER_PAGE_SIZE = 50;

export interface RegisterFilters {
  organisationId?: number;
  /** Part of the learner's name or email, any case. */
  learner?: string;
  /** Part of the scenario's (or module's) id, any case. */
  scenario?: string;
  /** First and last day recorded, `YYYY-MM-DD`, UTC. */
  from?: string;
  to?: string;
}

const text = z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).catch("");
const day = z.iso.date().optional().catch(undefined);

/** The register's filters and page from a URL; whatever does not parse is no filter. */
const RegisterQuerySchema = z.object({
  organisationId: z.coerce.number().int().positive().optional().catch(undefined),
  learner: text,
  scenario: text,
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).catch(1),
});

export type RegisterQuery = z.output<typeof RegisterQuerySchema>;

export function parseRegisterQuery(params: URLSearchParams): RegisterQuery {
  const value = (name: string) => params.get(name) || undefined;
  return RegisterQuerySchema.parse({
    organisationId: value("organisation"),
    learner: value("learner"),
    scenario: value("scenario"),
    from: value("from"),
    to: value("to"),
    page: value("page"),
  });
}

/** The filters as URL parameters, the way `parseRegisterQuery` reads them. */
export function registerParams(filters: RegisterFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.organisationId !== undefined)
    params.set("organisation", String(filters.organisationId));
  for (const name of ["learner", "scenario", "from", "to"] as const) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

export interface RegisterRow {
  id: number;
  evidenceId: string;
  organisationId: number;
  sequence: number;
  kind: EvidenceKind;
  learnerName: string | null;
  learnerEmail: string | null;
  scenarioId: string | null;
  createdAt: string;
  hash: string;
  prevHash: string;
  keyId: string;
  /**
   * History: a later record of the same kind exists for the same learner and case (a retake, a
   * recurring requirement, a reset). Nothing is ever removed; the earlier one is kept as it was.
   */
  superseded: boolean;
}

const COLUMNS = [
  "id",
  "evidence_id",
  "organisation_id",
  "sequence",
  "kind",
  "user_id",
  "scenario_id",
  "created_at",
  "hash",
  "prev_hash",
  "key_id",
] as const;

/** The users with a record (in the organisation, if one is named) whose name or email holds `text`. */
async function learnersMatching(text: string, organisationId?: number): Promise<string[]> {
  let query = getDb()
    .selectFrom("evidence_record")
    .select("user_id")
    .distinct()
    .where("user_id", "is not", null);
  if (organisationId !== undefined) query = query.where("organisation_id", "=", organisationId);
  const ids = (await query.execute()).flatMap((row) => (row.user_id ? [row.user_id] : []));
  // Accounts belong to the auth feature: they are read through it and matched here.
  const needle = text.toLocaleLowerCase();
  const accounts = await accountsOf(ids);
  return accounts
    .filter(
      (account) =>
        account.name.toLocaleLowerCase().includes(needle) ||
        account.email.toLocaleLowerCase().includes(needle),
    )
    .map((account) => account.id);
}

/** The records the filters match, or null when the learner filter matches nobody. */
async function registerQuery(filters: RegisterFilters) {
  let query = getDb().selectFrom("evidence_record").select(COLUMNS);
  if (filters.organisationId !== undefined) {
    query = query.where("organisation_id", "=", filters.organisationId);
  }
  if (filters.learner) {
    const users = await learnersMatching(filters.learner, filters.organisationId);
    if (users.length === 0) return null;
    query = query.where("user_id", "in", users);
  }
  if (filters.scenario) query = query.where(containsText(["scenario_id"], filters.scenario));
  // Timestamps are ISO text in UTC on both engines, so days compare as text.
  if (filters.from) query = query.where("created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("created_at", "<", nextDay(filters.to));
  return query;
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

type Selected = {
  id: number;
  evidence_id: string;
  organisation_id: number;
  sequence: number;
  kind: string;
  user_id: string | null;
  scenario_id: string | null;
  created_at: string;
  hash: string;
  prev_hash: string;
  key_id: string;
};

/** The kinds a learner makes again: a retake, the next cycle of a requirement, work after a reset. */
const REPEATED_KINDS = [
  "aml-attempt",
  "aml-attestation",
  "module-completion",
  "course-completion",
  "certificate-issued",
] as const satisfies readonly EvidenceKind[];

const groupOf = (row: { user_id: string | null; kind: string; scenario_id: string | null }) =>
  `${row.user_id ?? ""}\u0000${row.kind}\u0000${row.scenario_id ?? ""}`;

/** For the rows' learners, the newest record id of each kind and case. */
async function latestOf(rows: readonly Selected[]): Promise<Map<string, number>> {
  const users = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
  if (users.length === 0) return new Map();
  const latest = await getDb()
    .selectFrom("evidence_record")
    .select(["user_id", "kind", "scenario_id", (eb) => eb.fn.max("id").as("latest")])
    .where("user_id", "in", users)
    .where("kind", "in", REPEATED_KINDS)
    .groupBy(["user_id", "kind", "scenario_id"])
    .execute();
  return new Map(latest.map((row) => [groupOf(row), Number(row.latest)]));
}

/** Rows with their learners' names and emails, as the accounts hold them now. */
async function withLearners(rows: readonly Selected[]): Promise<RegisterRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
  const [accountList, latest] = await Promise.all([accountsOf(ids), latestOf(rows)]);
  const accounts = new Map<string, AccountSummary>(
    accountList.map((account) => [account.id, account]),
  );
  return rows.map((row) => {
    const account = row.user_id ? accounts.get(row.user_id) : undefined;
    return {
      id: Number(row.id),
      evidenceId: row.evidence_id,
      organisationId: Number(row.organisation_id),
      sequence: Number(row.sequence),
      kind: row.kind as EvidenceKind,
      learnerName: account?.name ?? null,
      learnerEmail: account?.email ?? null,
      scenarioId: row.scenario_id,
      createdAt: row.created_at,
      hash: row.hash,
      prevHash: row.prev_hash,
      keyId: row.key_id,
      superseded: Number(row.id) < (latest.get(groupOf(row)) ?? 0),
    };
  });
}

/** A page of the records the filters match, newest first. */
export async function searchEvidence(
  filters: RegisterFilters & { page: number },
): Promise<ListPage<RegisterRow>> {
  const query = await registerQuery(filters);
  if (!query) return { rows: [], page: 1, pageCount: 1, total: 0 };
  const found = await pageOf(query.orderBy("created_at", "desc").orderBy("id", "desc"), {
    page: filters.page,
    pageSize: REGISTER_PAGE_SIZE,
  });
  return { ...found, rows: await withLearners(found.rows) };
}

/** The newest `limit` records of one chain, in chain order, and how many the chain holds. */
export async function chainRegister(
  organisationId: number,
  limit: number,
): Promise<{ rows: RegisterRow[]; total: number }> {
  const db = getDb();
  const { count } = await db
    .selectFrom("evidence_record")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("organisation_id", "=", organisationId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("evidence_record")
    .select(COLUMNS)
    .where("organisation_id", "=", organisationId)
    .orderBy("sequence", "desc")
    .limit(limit)
    .execute();
  return { rows: await withLearners(rows.reverse()), total: Number(count) };
}

export const REGISTER_CSV_HEADER = [
  "organisation",
  "organisation_id",
  "sequence",
  "evidence_id",
  "kind",
  "learner_name",
  "learner_email",
  "scenario",
  "created_at",
  "hash",
  "prev_hash",
  "key_id",
  "history",
] as const;

/**
 * Register rows as CSV, every cell neutralised against formula injection (a learner names
 * themself); the byte order mark lets spreadsheet programs read names in any script.
 */
export function registerRowsCsv(
  rows: readonly RegisterRow[],
  organisationNames: ReadonlyMap<number, string> = new Map(),
): string {
  const records = rows.map((row) => [
    organisationNames.get(row.organisationId) ?? null,
    row.organisationId,
    row.sequence,
    row.evidenceId,
    row.kind,
    row.learnerName,
    row.learnerEmail,
    row.scenarioId,
    row.createdAt,
    row.hash,
    row.prevHash,
    row.keyId,
    row.superseded ? "earlier record" : "",
  ]);
  return stringify(
    [[...REGISTER_CSV_HEADER], ...records].map((cells) =>
      cells.map((value) => neutraliseCsvCell(value)),
    ),
    { bom: true },
  );
}

/** Every record the filters match, newest first, as CSV with their hashes. */
export async function registerCsv(
  filters: RegisterFilters,
  organisationNames?: ReadonlyMap<number, string>,
): Promise<{ csv: string; rows: number }> {
  const query = await registerQuery(filters);
  const rows = query
    ? await withLearners(await query.orderBy("created_at", "desc").orderBy("id", "desc").execute())
    : [];
  return { csv: registerRowsCsv(rows, organisationNames), rows: rows.length };
}

/**
 * The chain that registers files not about one organisation: the register exported across all of
 * them. No organisation has this id.
 */
export const EXPORTS_CHAIN = 0;

/** The register as a CSV download, its bytes registered in the chain first. */
export async function registerCsvFile(
  filters: RegisterFilters,
  organisationNames: ReadonlyMap<number, string>,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<{ bytes: Uint8Array; name: string; rows: number }> {
  const { csv, rows } = await registerCsv(filters, organisationNames);
  const bytes = new TextEncoder().encode(csv);
  const name = `kestrel-evidence-register-${now.toISOString().slice(0, 10)}.csv`;
  const filtered = registerParams(filters).toString();
  await registerIssuedFiles({
    organisationId: filters.organisationId ?? EXPORTS_CHAIN,
    userId,
    files: [{ name, format: "csv", bytes }],
    // The rows themselves are in the file; the record proves the file is the one handed out.
    holds: [],
    description: `Evidence register: ${rows} record${rows === 1 ? "" : "s"}${filtered ? ` (${filtered})` : ""}`,
    now,
  });
  return { bytes, name, rows };
}
