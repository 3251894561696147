import { AdminDate, AdminList, type Column, adminPageMeta } from "~/domain/admin";
import { type OutboxRow, loadAdminList } from "~/domain/admin/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.outbox";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:outbox.heading");

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, "outbox");
}

const STATUS_CLASSES: Record<OutboxRow["status"], string> = {
  queued: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  sent: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  failed: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<OutboxRow>[] = [
    {
      key: "created_at",
      header: t("outbox.columns.created_at"),
      cell: (row) => <AdminDate value={row.created_at} />,
    },
    { key: "to_address", header: t("outbox.columns.to_address"), cell: (row) => row.to_address },
    {
      key: "subject",
      header: t("outbox.columns.subject"),
      cell: (row) => row.subject,
      className: "min-w-48",
    },
    {
      key: "status",
      header: t("outbox.columns.status"),
      cell: (row) => (
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[row.status]}`}
        >
          {t(`outbox.statuses.${row.status}`)}
        </span>
      ),
    },
    {
      key: "error",
      header: t("outbox.columns.error"),
      cell: (row) => row.error,
      className: "max-w-xs break-words text-red-800 dark:text-red-300",
    },
    {
      key: "sent_at",
      header: t("outbox.columns.sent_at"),
      cell: (row) => <AdminDate value={row.sent_at} />,
    },
    {
      key: "body",
      header: t("outbox.columns.body"),
      cell: (row) => (
        <details className="min-w-48">
          <summary className="focus-ring cursor-pointer rounded font-medium text-brand-700 dark:text-brand-100">
            {t("outbox.showBody")}
          </summary>
          <pre className="mt-2 max-w-prose font-sans text-sm whitespace-pre-wrap break-words">
            {row.body}
          </pre>
        </details>
      ),
    },
  ];
  return (
    <AdminList
      dataset="outbox"
      heading={t("outbox.heading")}
      caption={t("outbox.caption")}
      searchHint={t("outbox.searchHint")}
      empty={t("outbox.empty")}
      columns={columns}
      list={loaderData}
    />
  );
}
