import { randomBytes } from "node:crypto";
import { data, href } from "react-router";
import { getDb } from "~/platform/db/db.server";
import type { AuthUser } from "~/platform/auth";
import { accountsOf, getOptionalUser, requireUser } from "~/platform/auth/index.server";
import {
  type Membership,
  complianceSnapshot,
  findOrganisation,
  membersOf,
  membershipOf,
} from "~/domain/compliance/index.server";
import { addEnglishNamespaces, getI18n, loadDictionaries, normalizeLocale } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { notify } from "~/platform/notifications/index.server";
import { getCatalogue } from "~/domain/training/index.server";
import { getLogger } from "~/platform/lib/logger.server";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import reports from "../../../locales/en/reports.json";
import {
  FORMATS_BY_KIND,
  MAX_PENDING_REPORTS,
  ORGANISATION_KINDS,
  REPORT_TYPE_BY_KIND,
  type ReportFormat,
  type ReportKind,
  type ReportStatusShown,
  STALE_RUNNING_MINUTES,
} from "./constants";
import { reportCsv } from "./csv.server";
import { renderReportPdf } from "./pdf.server";
import { ReportFormSchema } from "./schema";
import {
  type ReportDocument,
  type ReportsT,
  certificationReport,
  trainingRecord,
  trainingRegister,
} from "./tables.server";
import type { ReportView, ReportsPanel } from "./types";

// Reports (SPEC §2 training home, §3 report) built by the server in the background: a request is
// stored as pending, claimed by exactly one server, built into a CSV or PDF that is stored with it,
// then announced to the requester. Managers and admins ask for reports about their organisation,
// everyone for their own training record. Only this feature reads the report table.

// A build runs after the request that asked for it, possibly in the job runner: the labels must
// be there without a page having loaded them.
addEnglishNamespaces({ reports });

type ReportRow = {
  id: number;
  public_id: string;
  organisation_id: number;
  requested_by: string;
  kind: ReportKind;
  format: ReportFormat;
  status: "pending" | "running" | "completed" | "failed";
  requested_at: string;
  started_at: string | null;
  completed_at: string | null;
  size: number | null;
  language: string | null;
};

const REPORT_COLUMNS = [
  "id",
  "public_id",
  "organisation_id",
  "requested_by",
  "kind",
  "format",
  "status",
  "requested_at",
  "started_at",
  "completed_at",
  "size",
  "language",
] as const;

const isAdmin = (user: Pick<AuthUser, "role">) => user.role === "admin";
const mayReadOrganisation = (user: AuthUser, membership: Membership) =>
  isAdmin(user) || membership.role === "manager";

async function pendingCount(userId: string): Promise<number> {
  const row = await getDb()
    .selectFrom("report")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("requested_by", "=", userId)
    .where("status", "in", ["pending", "running"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The generate form and the retry button. A learner may only ask for their own training record
 * (403 for an organisation report); nobody may have more than MAX_PENDING_REPORTS waiting (429).
 */
export async function requestReport(request: Request, fields: Record<string, string>) {
  const user = await requireUser(request);
  const parsed = parseSubmission(fields, ReportFormSchema);
  const echo = { kind: fields.kind?.slice(0, 40), format: fields.format?.slice(0, 10) };
  const invalid = () =>
    refuse(400, "validation", { message: "reports:errors.validation", ...echo });
  if ("refusal" in parsed) return invalid();
  const form = parsed.value;
  const membership = await membershipOf(user, request);
  const waiting = await pendingCount(user.id);
  // Not a rate: the reports already waiting. 429 all the same, so a client waits and asks again.
  const tooMany = () =>
    refuse(429, "rate_limited", { message: "reports:errors.tooMany", count: waiting, ...echo });
  const now = new Date().toISOString();

  if (form.intent === "retry") {
    const row = await findVisibleReport(user, membership, form.report);
    if (!row) return refuse(404, "not_found", { message: "reports:errors.notFound" });
    if (row.status === "failed") {
      if (waiting >= MAX_PENDING_REPORTS) return tooMany();
      await getDb()
        .updateTable("report")
        .set({ status: "pending", started_at: null, error: null })
        .where("id", "=", row.id)
        .where("status", "=", "failed")
        .execute();
      scheduleReportProcessing();
    }
    return { ok: true as const, intent: "retry" as const };
  }

  if (!FORMATS_BY_KIND[form.kind].includes(form.format)) return invalid();
  if (ORGANISATION_KINDS.includes(form.kind) && !mayReadOrganisation(user, membership)) {
    return refuse(403, "forbidden", { message: "reports:errors.forbidden", ...echo });
  }
  if (waiting >= MAX_PENDING_REPORTS) return tooMany();
  const { locale } = await getLocaleState(request);
  await getDb()
    .insertInto("report")
    .values({
      public_id: randomBytes(12).toString("base64url"),
      organisation_id: membership.organisation.id,
      requested_by: user.id,
      kind: form.kind,
      format: form.format,
      status: "pending",
      requested_at: now,
      started_at: null,
      completed_at: null,
      size: null,
      content: null,
      error: null,
      language: locale,
    })
    .execute();
  scheduleReportProcessing();
  return { ok: true as const, intent: "generate" as const };
}

/** The report if this user may see it: theirs, any of their organisation's when they manage it, any for an admin. */
async function findVisibleReport(
  user: AuthUser,
  membership: Membership,
  publicId: string,
): Promise<ReportRow | undefined> {
  const row = await getDb()
    .selectFrom("report")
    .select(REPORT_COLUMNS)
    .where("public_id", "=", publicId)
    .executeTakeFirst();
  if (!row) return undefined;
  const visible =
    row.requested_by === user.id ||
    isAdmin(user) ||
    (membership.role === "manager" && Number(row.organisation_id) === membership.organisation.id);
  return visible ? row : undefined;
}

const LIST_LIMIT = 50;

/** What the viewer may see: their organisation's reports when they manage it, and their own. */
async function reportsVisibleTo(
  user: AuthUser,
  membership: Membership,
  now: Date,
): Promise<ReportView[]> {
  const { organisation } = membership;
  const manages = mayReadOrganisation(user, membership);
  const rows = await getDb()
    .selectFrom("report")
    .select(REPORT_COLUMNS)
    .where("organisation_id", "=", organisation.id)
    .where((eb) =>
      manages
        ? eb.or([eb("kind", "in", ORGANISATION_KINDS), eb("requested_by", "=", user.id)])
        : eb("requested_by", "=", user.id),
    )
    .orderBy("requested_at", "desc")
    .orderBy("id", "desc")
    .limit(LIST_LIMIT)
    .execute();
  const requesterIds = [...new Set(rows.map((row) => row.requested_by))];
  const [accounts, members] = await Promise.all([
    accountsOf(requesterIds),
    membersOf(organisation.id, requesterIds),
  ]);
  // A name is optional at sign-in: the address stands in for a learner who has not given one.
  const nameOf = new Map(
    accounts.map((account) => [account.id, account.name.trim() || account.email]),
  );
  const managers = new Set(
    members.filter((member) => member.role === "manager").map((member) => member.userId),
  );
  const today = now.toISOString().slice(0, 10);
  return rows.map((row) => {
    const forOrganisation = ORGANISATION_KINDS.includes(row.kind);
    const dueDate = forOrganisation ? organisation.nextAudit : null;
    const status: ReportStatusShown =
      row.status === "completed" || row.status === "failed"
        ? row.status
        : dueDate !== null && dueDate < today
          ? "overdue"
          : "pending";
    const generatedBy = nameOf.get(row.requested_by) ?? "";
    return {
      id: row.public_id,
      kind: row.kind,
      type: REPORT_TYPE_BY_KIND[row.kind],
      format: row.format,
      status,
      subject: forOrganisation ? organisation.name : generatedBy,
      dueDate,
      generatedBy,
      author:
        row.requested_by === user.id && isAdmin(user)
          ? "admin"
          : managers.has(row.requested_by)
            ? "manager"
            : null,
      lastModified: row.completed_at ?? row.started_at ?? row.requested_at,
      size: row.size === null ? null : Number(row.size),
      downloadUrl:
        row.status === "completed"
          ? href("/training/reports/:id/download", { id: row.public_id })
          : null,
      canRetry: row.status === "failed",
    };
  });
}

/** The reports list and what the generate form offers, for the reports page and the training home. */
export async function loadReportsPanel(request: Request): Promise<ReportsPanel> {
  const user = await getOptionalUser(request);
  if (!user) return { signedIn: false };
  const membership = await membershipOf(user, request);
  const reportViews = await reportsVisibleTo(user, membership, new Date());
  const kinds = (Object.keys(FORMATS_BY_KIND) as ReportKind[])
    .filter((kind) => !ORGANISATION_KINDS.includes(kind) || mayReadOrganisation(user, membership))
    .map((kind) => ({ kind, formats: FORMATS_BY_KIND[kind] }));
  return {
    signedIn: true,
    reports: reportViews,
    kinds,
    pending: reportViews.filter(
      (report) => report.status === "pending" || report.status === "overdue",
    ).length,
    maxPending: MAX_PENDING_REPORTS,
  };
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

/**
 * A completed report's file, for its requester, a manager of its organisation or an admin; anyone
 * else learns nothing (404). One still being built answers 409.
 */
export async function downloadReport(request: Request, publicId: string): Promise<Response> {
  const notFound = () => data({ message: "No report matches this address" }, { status: 404 });
  const user = await getOptionalUser(request);
  if (!user || !/^[A-Za-z0-9_-]{1,64}$/.test(publicId)) throw notFound();
  const row = await findVisibleReport(user, await membershipOf(user, request), publicId);
  if (!row) throw notFound();
  const file = await getDb()
    .selectFrom("report")
    .select(["content"])
    .where("id", "=", row.id)
    .where("status", "=", "completed")
    .executeTakeFirst();
  if (!file?.content) {
    throw data({ message: "This report is not ready yet" }, { status: 409 });
  }
  const date = (row.completed_at ?? row.requested_at).slice(0, 10);
  return new Response(Buffer.from(file.content), {
    headers: {
      "Content-Type": CONTENT_TYPES[row.format],
      "Content-Disposition": `attachment; filename="kestrel-${row.kind}-${date}.${row.format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A module's title in the report's language, English where it has none. */
function moduleTitler(language: string) {
  const { modules } = getCatalogue();
  const base = language.slice(0, 2);
  return (moduleId: string) => {
    const title = modules.get(moduleId)?.title as Record<string, string | undefined> | undefined;
    return title?.[language] ?? title?.[base] ?? title?.en ?? moduleId;
  };
}

async function buildReport(
  row: ReportRow,
  now: Date,
): Promise<{ bytes: Uint8Array; title: string }> {
  const organisation = await findOrganisation(Number(row.organisation_id));
  if (!organisation) throw new Error(`Organisation ${row.organisation_id} is gone`);
  const locale = normalizeLocale(row.language);
  await loadDictionaries(locale);
  const i18n = getI18n(locale);
  const t: ReportsT = i18n.getFixedT(null, "reports");
  let document: ReportDocument;
  if (row.kind === "training-record") {
    const snapshot = await complianceSnapshot(organisation, { userIds: [row.requested_by], now });
    document = trainingRecord(snapshot, row.requested_by, t, now, moduleTitler(locale));
  } else {
    const snapshot = await complianceSnapshot(organisation, { now });
    document =
      row.kind === "training-register"
        ? trainingRegister(snapshot, t, now, moduleTitler(locale))
        : certificationReport(snapshot, t, now);
  }
  const bytes =
    row.format === "csv"
      ? new TextEncoder().encode(reportCsv(document))
      : await renderReportPdf({
          ...document,
          language: locale,
          pageLabel: (page, pages) => t("file.page", { page, pages }),
          author: "Kestrel",
        });
  return { bytes, title: document.title };
}

export interface ProcessOutcome {
  completed: number;
  failed: number;
}

const PASS_LIMIT = 20;

/**
 * Builds the reports waiting to be built. Each is claimed first (pending → running in one
 * conditional UPDATE), so two servers, or two passes of one, never build the same report; a build
 * whose server died is claimed again once it is STALE_RUNNING_MINUTES old.
 */
export async function processPendingReports({
  now = new Date(),
  limit = PASS_LIMIT,
}: { now?: Date; limit?: number } = {}): Promise<ProcessOutcome> {
  const db = getDb();
  const staleBefore = new Date(now.getTime() - STALE_RUNNING_MINUTES * 60_000).toISOString();
  const candidates = await db
    .selectFrom("report")
    .select(REPORT_COLUMNS)
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "=", "running"), eb("started_at", "<", staleBefore)]),
      ]),
    )
    .orderBy("id")
    .limit(limit)
    .execute();
  const outcome: ProcessOutcome = { completed: 0, failed: 0 };
  for (const candidate of candidates) {
    const startedAt = now.toISOString();
    const claim = await db
      .updateTable("report")
      .set({ status: "running", started_at: startedAt })
      .where("id", "=", candidate.id)
      .where((eb) =>
        eb.or([
          eb("status", "=", "pending"),
          eb.and([eb("status", "=", "running"), eb("started_at", "<", staleBefore)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    try {
      const { bytes, title } = await buildReport(candidate, now);
      await db
        .updateTable("report")
        .set({
          status: "completed",
          content: bytes,
          size: bytes.byteLength,
          completed_at: new Date().toISOString(),
          error: null,
        })
        .where("id", "=", candidate.id)
        .where("status", "=", "running")
        .execute();
      await notify(candidate.requested_by, {
        eventKey: `report-ready:${candidate.public_id}:${startedAt}`,
        kind: "reportReady",
        params: { report: title },
        type: REPORT_TYPE_BY_KIND[candidate.kind] === "training" ? "training" : "audit",
        priority: "low",
        actionRequired: false,
      });
      outcome.completed += 1;
    } catch (error) {
      getLogger().error(
        { err: error, report: candidate.public_id, kind: candidate.kind },
        "report build failed",
      );
      await db
        .updateTable("report")
        .set({
          status: "failed",
          error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          completed_at: new Date().toISOString(),
        })
        .where("id", "=", candidate.id)
        .execute();
      outcome.failed += 1;
    }
  }
  return outcome;
}

// One pass at a time in this process: a request made while a pass runs asks for one more pass.
let passRunning: Promise<void> | null = null;
let passWanted = false;

/**
 * Starts building soon after the response, in this process, so a report is ready in seconds
 * rather than at the job runner's next pass. Errors are logged; the job runner retries.
 */
export function scheduleReportProcessing(): void {
  passWanted = true;
  if (passRunning) return;
  passRunning = new Promise<void>((resolve) => {
    setImmediate(async () => {
      try {
        while (passWanted) {
          passWanted = false;
          const outcome = await processPendingReports();
          // A full batch may have left more behind.
          if (outcome.completed + outcome.failed >= PASS_LIMIT) passWanted = true;
        }
      } catch (error) {
        getLogger().error({ err: error }, "report processing failed");
      } finally {
        passRunning = null;
        resolve();
      }
    });
  });
}

/** Resolves once this process's background pass, if any, has finished (tests, shutdown). */
export function reportProcessingSettled(): Promise<void> {
  return passRunning ?? Promise.resolve();
}
