import { EVENT_WINDOW_DAYS, adminPageMeta, formatAdminCount } from "~/domain/admin";
import { countAdminTotals, countEventsByName } from "~/domain/admin/index.server";
import { requireAdmin } from "~/platform/auth/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.overview";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:overview.heading");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [totals, events] = await Promise.all([
    countAdminTotals({ now }),
    countEventsByName({ now, days: EVENT_WINDOW_DAYS }),
  ]);
  return { totals, events };
}

const COUNTERS = ["waitlist", "contact", "demo", "users", "activeSessions"] as const;

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { totals, events } = loaderData;
  const days = EVENT_WINDOW_DAYS;
  const columns: Column<(typeof events)[number]>[] = [
    {
      key: "name",
      header: t("overview.eventName"),
      className: "font-mono break-all",
      cell: (event) => event.name,
    },
    {
      key: "count",
      header: t("overview.eventCount"),
      align: "end",
      className: "tabular-nums",
      cell: (event) => formatAdminCount(event.count),
    },
  ];
  return (
    <>
      <h2 className="text-2xl font-bold tracking-tight">{t("overview.heading")}</h2>
      <dl
        aria-label={t("overview.countersLabel")}
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        {COUNTERS.map((key) => (
          <Card key={key}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">
              {t(`overview.counters.${key}`)}
            </dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">
              {formatAdminCount(totals[key])}
            </dd>
          </Card>
        ))}
      </dl>

      <h2 className="mt-10 text-xl font-bold">{t("overview.eventsHeading", { days })}</h2>
      {events.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {t("overview.noEvents", { days })}
        </p>
      ) : (
        <div className="mt-4 sm:max-w-xl">
          <DataTable
            caption={t("overview.eventsCaption", { days })}
            columns={columns}
            rows={events.map((event) => ({ ...event, id: event.name }))}
            none={t("tables.none")}
          />
        </div>
      )}
    </>
  );
}
