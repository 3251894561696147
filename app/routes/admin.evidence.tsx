import { Download } from "lucide-react";
import { useId } from "react";
import { Form, Link, href } from "react-router";
import { AdminDate, Pagination, adminPageMeta, formatAdminCount } from "~/domain/admin";
import { requireAdmin } from "~/platform/auth/index.server";
import { listOrganisations } from "~/domain/compliance/index.server";
import {
  type RegisterRow,
  auditChains,
  parseRegisterQuery,
  registerParams,
  searchEvidence,
} from "~/domain/evidence/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { Button, buttonClasses } from "~/platform/ui/button";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { controlClass } from "~/platform/ui/field";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.evidence";

addEnglishNamespaces({ admin });

// /admin/evidence: the evidence register. A GET form filters it (the results are a URL to share
// or reload); the CSV takes the same filters; with one organisation chosen, its chain is audited
// and its audit package offered.
export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:evidence.heading");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseRegisterQuery(new URL(request.url).searchParams);
  const organisations = (await listOrganisations()).map(({ id, name }) => ({ id, name }));
  const organisation = organisations.find((candidate) => candidate.id === query.organisationId);
  const filters = { ...query, organisationId: organisation?.id };
  const [list, audit] = await Promise.all([
    searchEvidence(filters),
    organisation ? auditChains([organisation.id]) : null,
  ]);
  return {
    organisations,
    organisation: organisation ?? null,
    filters,
    search: registerParams(filters).toString(),
    list,
    audit,
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

function Filters({ organisations, filters, search }: LoaderData) {
  const { t } = useTranslation("admin");
  const id = useId();
  const field = (name: "learner" | "scenario", hint: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {t(`evidence.${name}`)}
      </label>
      <input
        key={filters[name]}
        id={`${id}-${name}`}
        name={name}
        type="search"
        defaultValue={filters[name]}
        maxLength={200}
        aria-describedby={`${id}-${name}-hint`}
        className={controlClass}
      />
      <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {hint}
      </p>
    </div>
  );
  const date = (name: "from" | "to") => (
    <div>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {t(`evidence.${name}`)}
      </label>
      <input
        key={filters[name]}
        id={`${id}-${name}`}
        name={name}
        type="date"
        defaultValue={filters[name]}
        aria-describedby={`${id}-date-hint`}
        className={controlClass}
      />
      {name === "from" ? (
        <p id={`${id}-date-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {t("evidence.dateHint")}
        </p>
      ) : null}
    </div>
  );
  return (
    <Form method="get" role="search" aria-label={t("evidence.filters")}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={`${id}-organisation`} className="text-sm font-medium">
            {t("evidence.organisation")}
          </label>
          <select
            key={filters.organisationId}
            id={`${id}-organisation`}
            name="organisation"
            defaultValue={filters.organisationId ?? ""}
            className={controlClass}
          >
            <option value="">{t("evidence.allOrganisations")}</option>
            {organisations.map((organisation) => (
              <option key={organisation.id} value={organisation.id}>
                {organisation.name}
              </option>
            ))}
          </select>
        </div>
        {field("learner", t("evidence.learnerHint"))}
        {field("scenario", t("evidence.scenarioHint"))}
        {date("from")}
        {date("to")}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" variant="secondary">
          {t("evidence.search")}
        </Button>
        {search ? (
          <Link
            to={href("/admin/evidence")}
            className="focus-ring rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
          >
            {t("evidence.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function ChainAudit({ organisation, audit }: LoaderData) {
  const { t } = useTranslation("admin");
  const headingId = useId();
  if (!organisation || !audit) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("evidence.chooseOrganisation")}
      </p>
    );
  }
  const [broken] = audit.breaks;
  const packageUrl = `${href("/admin/evidence/package")}?${new URLSearchParams({ organisation: String(organisation.id) })}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {t("evidence.auditHeading", { organisation: organisation.name })}
      </h3>
      <p
        data-testid="chain-audit"
        className={`mt-1 text-sm break-all ${broken ? "text-red-700 dark:text-red-400" : ""}`}
      >
        {broken
          ? t("evidence.auditBroken", {
              sequence: broken.sequence,
              problem: t(`evidence.problems.${broken.problem}` as "evidence.problems.hash"),
              expected: broken.expected,
              found: broken.found,
            })
          : audit.records === 0
            ? t("evidence.auditEmpty")
            : t("evidence.auditIntact", {
                count: audit.records,
                records: formatAdminCount(audit.records),
              })}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a href={packageUrl} download className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          {t("evidence.downloadPackage")}
        </a>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("evidence.packageHint")}</p>
      </div>
    </section>
  );
}

const Code = ({ value }: { value: string }) => (
  // Two lines of 32 characters: a hash reads whole without widening the table further.
  <code className="block w-[33ch] font-mono text-xs break-all">{value}</code>
);

export default function AdminEvidence({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const headingId = useId();
  const { organisations, search, list } = loaderData;
  const names = new Map(organisations.map((organisation) => [organisation.id, organisation.name]));
  const csvUrl = `${href("/admin/evidence/register.csv")}${search ? `?${search}` : ""}`;
  const columns: Column<RegisterRow>[] = [
    {
      key: "createdAt",
      header: t("evidence.columns.createdAt"),
      cell: (row) => <AdminDate value={row.createdAt} />,
    },
    {
      key: "evidenceId",
      header: t("evidence.columns.evidenceId"),
      cell: (row) => <span className="font-mono whitespace-nowrap">{row.evidenceId}</span>,
    },
    {
      key: "organisation",
      header: t("evidence.columns.organisation"),
      cell: (row) => names.get(row.organisationId) ?? String(row.organisationId),
    },
    { key: "sequence", header: t("evidence.columns.sequence"), cell: (row) => row.sequence },
    {
      key: "kind",
      header: t("evidence.columns.kind"),
      cell: (row) => (
        <>
          {t(`evidence.kinds.${row.kind}`)}
          {row.superseded ? (
            <span className="mt-1 block w-fit rounded bg-slate-200 px-1.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {t("evidence.history")}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: "learner",
      header: t("evidence.columns.learner"),
      cell: (row) =>
        row.learnerEmail ? (
          <>
            {row.learnerName}
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {row.learnerEmail}
            </span>
          </>
        ) : null,
    },
    { key: "scenario", header: t("evidence.columns.scenario"), cell: (row) => row.scenarioId },
    {
      key: "hash",
      header: t("evidence.columns.hash"),
      cell: (row) => <Code value={row.hash} />,
    },
    {
      key: "prevHash",
      header: t("evidence.columns.prevHash"),
      cell: (row) => <Code value={row.prevHash} />,
    },
    {
      key: "keyId",
      header: t("evidence.columns.keyId"),
      cell: (row) => <Code value={row.keyId} />,
    },
  ];
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            {t("evidence.heading")}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
            {t("evidence.intro")}
          </p>
        </div>
        <a href={csvUrl} download className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          {t("evidence.downloadCsv")}
        </a>
      </div>
      <Filters {...loaderData} />
      <ChainAudit {...loaderData} />
      <div>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t(search ? "evidence.matches" : "evidence.total", {
            count: formatAdminCount(list.total),
          })}
        </p>
        {list.rows.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            {t(search ? "evidence.noMatches" : "evidence.empty")}
          </p>
        ) : (
          <div className="mt-4">
            <DataTable
              caption={t("tables.caption", {
                caption: t("evidence.caption"),
                page: list.page,
                pageCount: list.pageCount,
              })}
              columns={columns}
              rows={list.rows}
              none={t("tables.none")}
            />
            <Pagination
              kept={new URLSearchParams(search)}
              page={list.page}
              pageCount={list.pageCount}
            />
          </div>
        )}
      </div>
    </section>
  );
}
