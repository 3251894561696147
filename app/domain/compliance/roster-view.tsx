import { CircleSlash } from "lucide-react";
import { Form, Link, href, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { type Refused } from "~/platform/lib/reply";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable, NoValue } from "~/platform/ui/data-table";
import { controlClass } from "~/platform/ui/field";
import { FormAlert } from "~/platform/ui/form-status";
import { RequirementStatusBadge, useCalendarDate } from "./compliance-dashboard";
import { Done } from "./form-parts";
import {
  ROSTER_REASON_MAX,
  ROSTER_SORTS,
  ROSTER_STATUSES,
  type RosterFilters,
} from "./roster-schema";
import type { RosterPage, RosterRow } from "./types";

// The roster page's body: filters (a GET form, so an address can be shared and bookmarked), the
// table with a checkbox per row, and the actions on the rows chosen. Plain forms: everything
// works by keyboard and before scripts load; "select all" is the one enhancement.

export type RosterReply =
  | { ok: true; intent: "remind" | "excuse" | "reassign"; done: number; skipped: number }
  | (Refused<{ kept?: { rows: string[]; reason: string } }> & { intent?: never });

export interface RosterLogs {
  reminders: {
    at: string;
    learner: string;
    requirement: string;
    kind: string;
    sentTo: string | null;
    actorEmail: string | null;
    status: string;
  }[];
  actions: {
    at: string;
    kind: "excused" | "reassigned";
    learner: string;
    requirement: string;
    reason: string;
    actorEmail: string;
  }[];
}

function query(filters: RosterFilters, change: Partial<RosterFilters> = {}) {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.status !== "all") params.set("status", next.status);
  if (next.group !== undefined) params.set("group", String(next.group));
  if (next.sort !== "status") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

function ExcusedBadge() {
  const { t } = useTranslation("roster");
  return (
    <span
      data-testid="requirement-status"
      data-status="excused"
      className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-bold tracking-wide text-slate-900 dark:bg-slate-700 dark:text-slate-100"
    >
      <CircleSlash aria-hidden="true" className="size-3.5" />
      {t("status.excused")}
    </span>
  );
}

function Filters({ page }: { page: RosterPage }) {
  const { t } = useTranslation("roster");
  const { filters } = page;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("filters.label")}>
      <div>
        <label htmlFor="roster-status" className="text-sm font-medium">
          {t("filters.status")}
        </label>
        <select
          id="roster-status"
          name="status"
          defaultValue={filters.status}
          key={`status-${filters.status}`}
          className={`${controlClass} w-auto`}
        >
          {ROSTER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`filters.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="roster-group" className="text-sm font-medium">
          {t("filters.group")}
        </label>
        <select
          id="roster-group"
          name="group"
          defaultValue={filters.group ?? ""}
          key={`group-${filters.group ?? ""}`}
          className={`${controlClass} w-auto`}
        >
          <option value="">{t("filters.anyGroup")}</option>
          {page.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="roster-sort" className="text-sm font-medium">
          {t("filters.sort")}
        </label>
        <select
          id="roster-sort"
          name="sort"
          defaultValue={filters.sort}
          key={`sort-${filters.sort}`}
          className={`${controlClass} w-auto`}
        >
          {ROSTER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`filters.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="roster-dir" className="text-sm font-medium">
          {t("filters.dir")}
        </label>
        <select
          id="roster-dir"
          name="dir"
          defaultValue={filters.dir}
          key={`dir-${filters.dir}`}
          className={`${controlClass} w-auto`}
        >
          <option value="asc">{t("filters.asc")}</option>
          <option value="desc">{t("filters.desc")}</option>
        </select>
      </div>
      <Button type="submit" variant="secondary">
        {t("filters.apply")}
      </Button>
      {(["/training/roster.csv", "/training/roster.pdf"] as const).map((path) => (
        <ButtonLink
          key={path}
          to={`${href(path)}${query(filters, { page: 1 })}`}
          reloadDocument
          variant="secondary"
        >
          {t(path.endsWith("pdf") ? "filters.pdf" : "filters.csv")}
        </ButtonLink>
      ))}
    </Form>
  );
}

export function RosterView({
  page,
  reply,
  logs,
}: {
  page: RosterPage;
  reply: RosterReply | undefined;
  logs: RosterLogs;
}) {
  const { t } = useTranslation("roster");
  const message = useFieldMessage();
  const calendarDate = useCalendarDate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const kept = reply && !reply.ok ? reply.error.kept : undefined;
  const keptRows = new Set(kept?.rows ?? []);
  const fieldError = (name: string) =>
    reply && !reply.ok && reply.error.fields?.[name] ? message([reply.error.fields[name]]) : null;
  const rowsError = fieldError("rows");
  const reasonError = fieldError("reason");

  const columns: Column<RosterRow & { id: string }>[] = [
    {
      key: "choose",
      header: t("table.choose"),
      hideHeader: true,
      cell: (row) => (
        <input
          type="checkbox"
          name="rows"
          value={row.key}
          form="roster-actions"
          aria-label={t("table.chooseRow", {
            name: row.name || row.email,
            requirement: row.requirement,
          })}
          defaultChecked={keptRows.has(row.key)}
          className="size-4"
        />
      ),
    },
    {
      key: "person",
      header: t("table.person"),
      rowHeader: true,
      cell: (row) => (
        <>
          <span className="font-semibold">{row.name || row.email}</span>
          <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
            {row.email}
          </span>
          {row.groups.length > 0 && (
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
              {row.groups.join(", ")}
            </span>
          )}
        </>
      ),
    },
    {
      key: "requirement",
      header: t("table.requirement"),
      cell: (row) => <span lang="en">{row.requirement}</span>,
    },
    {
      key: "status",
      header: t("table.status"),
      cell: (row) =>
        row.status === "excused" ? (
          <ExcusedBadge />
        ) : (
          <RequirementStatusBadge status={row.status} />
        ),
    },
    {
      key: "due",
      header: t("table.due"),
      className: "whitespace-nowrap",
      cell: (row) =>
        row.dueDate ? (
          <>
            {calendarDate(row.dueDate)}
            {row.daysOverdue > 0 && (
              <span className="block text-xs text-red-800 dark:text-red-300">
                {t("table.daysOverdue", { count: row.daysOverdue })}
              </span>
            )}
          </>
        ) : row.status === "completed" && row.note ? (
          t("table.completedOn", { date: calendarDate(row.note) })
        ) : row.status === "excused" && row.note ? (
          t("table.excusedBecause", { reason: row.note })
        ) : (
          <NoValue label={t("table.none")} />
        ),
    },
    {
      key: "attempt",
      header: t("table.lastAttempt"),
      cell: (row) =>
        row.lastAttemptAt ? (
          <>
            {calendarDate(row.lastAttemptAt.slice(0, 10))}
            {row.score !== null && (
              <span className="block text-xs">{t("table.score", { score: row.score })}</span>
            )}
          </>
        ) : (
          <NoValue label={t("table.none")} />
        ),
    },
    {
      key: "records",
      header: t("table.records"),
      cell: (row) => (
        <span className="flex flex-col gap-1">
          {row.certificateHref ? (
            <Link
              to={row.certificateHref}
              className="focus-ring text-brand-700 underline dark:text-brand-300"
            >
              {t("table.certificate")}
              <span className="sr-only">
                {" "}
                {t("table.of", { name: row.name || row.email, requirement: row.requirement })}
              </span>
            </Link>
          ) : null}
          {row.evidenceHref ? (
            <a
              href={row.evidenceHref}
              className="focus-ring text-brand-700 underline dark:text-brand-300"
            >
              {t("table.evidence")}
              <span className="sr-only">
                {" "}
                {t("table.of", { name: row.name || row.email, requirement: row.requirement })}
              </span>
            </a>
          ) : null}
          {!row.certificateHref && !row.evidenceHref && <NoValue label={t("table.none")} />}
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <Card>
        <Filters page={page} />
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="roster-count">
          {t("count", { shown: page.matching, total: page.total })}
        </p>
      </Card>

      {reply?.ok && (
        <Done>{t(`done.${reply.intent}`, { done: reply.done, skipped: reply.skipped })}</Done>
      )}
      {reply && !reply.ok && !rowsError && !reasonError && (
        <FormAlert>{message([reply.error.message])}</FormAlert>
      )}

      <Card>
        <h2 className="text-xl font-bold">{t("actions.heading")}</h2>
        <Form method="post" id="roster-actions" className="mt-3 grid gap-3">
          {rowsError && (
            <p
              role="alert"
              id="roster-rows-error"
              className="text-sm text-red-700 dark:text-red-400"
            >
              {rowsError}
            </p>
          )}
          <div>
            <label htmlFor="roster-reason" className="text-sm font-medium">
              {t("actions.reason")}
            </label>
            <p id="roster-reason-hint" className="text-sm text-slate-600 dark:text-slate-300">
              {t("actions.reasonHint", { max: ROSTER_REASON_MAX })}
            </p>
            <textarea
              id="roster-reason"
              name="reason"
              rows={2}
              maxLength={ROSTER_REASON_MAX}
              defaultValue={kept?.reason ?? ""}
              key={kept?.reason ?? ""}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={`roster-reason-hint${reasonError ? " roster-reason-error" : ""}`}
              className={controlClass}
            />
            {reasonError && (
              <p id="roster-reason-error" className="text-sm text-red-700 dark:text-red-400">
                {reasonError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {(["remind", "excuse", "reassign"] as const).map((intent) => (
              <Button
                key={intent}
                type="submit"
                name="intent"
                value={intent}
                variant={intent === "remind" ? "primary" : "secondary"}
                disabled={busy}
              >
                {t(`actions.${intent}`)}
              </Button>
            ))}
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("actions.extendHint")}{" "}
            <Link
              to={href("/training/requirements")}
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("actions.extendLink")}
            </Link>
          </p>
        </Form>
      </Card>

      {page.rows.length === 0 ? (
        <p data-testid="roster-empty">{t(page.total === 0 ? "emptyOrganisation" : "empty")}</p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              // Ticks or clears every row's box on the page; the boxes stay the form's own fields.
              onChange={(event) => {
                for (const box of document.querySelectorAll<HTMLInputElement>(
                  'input[name="rows"][form="roster-actions"]',
                )) {
                  box.checked = event.currentTarget.checked;
                }
              }}
              className="size-4"
            />
            {t("table.chooseAll", { shown: page.rows.length })}
          </label>
          <DataTable
            caption={t("table.caption", { organisation: page.organisation.name })}
            columns={columns}
            rows={page.rows.map((row) => ({ ...row, id: row.key }))}
            data-testid="roster"
          />
        </>
      )}
      {page.pages > 1 && (
        <nav aria-label={t("pages.label")} className="flex flex-wrap items-center gap-3">
          {page.filters.page > 1 && (
            <Link
              to={query(page.filters, { page: page.filters.page - 1 })}
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("pages.previous")}
            </Link>
          )}
          <span>{t("pages.of", { page: page.filters.page, pages: page.pages })}</span>
          {page.filters.page < page.pages && (
            <Link
              to={query(page.filters, { page: page.filters.page + 1 })}
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("pages.next")}
            </Link>
          )}
        </nav>
      )}

      <LogTable
        id="roster-log"
        heading={t("log.heading")}
        empty={t("log.empty")}
        caption={t("log.caption")}
        entries={logs.reminders}
        columns={[
          {
            key: "kind",
            header: t("log.kind"),
            cell: (entry) => t(`log.kinds.${entry.kind as "reminder"}`, { to: entry.sentTo ?? "" }),
          },
          {
            key: "by",
            header: t("log.by"),
            cell: (entry) => entry.actorEmail ?? t("log.automatic"),
          },
          {
            key: "status",
            header: t("log.status"),
            cell: (entry) => t(`log.statuses.${entry.status as "sent"}`),
          },
        ]}
        data-testid="reminder-log"
      />

      <LogTable
        id="roster-history"
        heading={t("history.heading")}
        empty={t("history.empty")}
        caption={t("history.caption")}
        entries={logs.actions}
        columns={[
          {
            key: "kind",
            header: t("log.kind"),
            cell: (entry) => t(`history.kinds.${entry.kind}`),
          },
          { key: "reason", header: t("history.reason"), cell: (entry) => entry.reason },
          { key: "by", header: t("log.by"), cell: (entry) => entry.actorEmail },
        ]}
        data-testid="roster-history"
      />
    </div>
  );
}

interface LogEntry {
  at: string;
  learner: string;
  requirement: string;
}

/** A record of what was sent or done: when, to whom, for what, then the log's own columns. */
function LogTable<Entry extends LogEntry>({
  id,
  heading,
  empty,
  caption,
  entries,
  columns,
  "data-testid": testId,
}: {
  id: string;
  heading: string;
  empty: string;
  caption: string;
  entries: readonly Entry[];
  columns: Column<Entry & { id: number }>[];
  "data-testid": string;
}) {
  const { t } = useTranslation("roster");
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold">
        {heading}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <div className="mt-3">
          <DataTable
            variant="compact"
            caption={caption}
            columns={[
              {
                key: "at",
                header: t("log.at"),
                className: "whitespace-nowrap",
                cell: (entry) => (
                  <time dateTime={entry.at}>{entry.at.slice(0, 16).replace("T", " ")}</time>
                ),
              },
              { key: "learner", header: t("log.learner"), cell: (entry) => entry.learner },
              {
                key: "requirement",
                header: t("log.requirement"),
                cell: (entry) => <span lang="en">{entry.requirement}</span>,
              },
              ...columns,
            ]}
            rows={entries.map((entry, index) => ({ ...entry, id: index }))}
            data-testid={testId}
          />
        </div>
      )}
    </section>
  );
}
