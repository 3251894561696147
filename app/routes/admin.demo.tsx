import { AdminDate, AdminList, type Column, adminPageMeta } from "~/domain/admin";
import { type DemoRequestRow, loadAdminList } from "~/domain/admin/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.demo";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:demo.heading");

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, "demo");
}

export default function AdminDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<DemoRequestRow>[] = [
    {
      key: "created_at",
      header: t("demo.columns.created_at"),
      cell: (row) => <AdminDate value={row.created_at} />,
    },
    { key: "name", header: t("demo.columns.name"), cell: (row) => row.name },
    { key: "email", header: t("demo.columns.email"), cell: (row) => row.email },
    { key: "company", header: t("demo.columns.company"), cell: (row) => row.company },
    { key: "job_title", header: t("demo.columns.job_title"), cell: (row) => row.job_title },
    {
      key: "company_size",
      header: t("demo.columns.company_size"),
      cell: (row) => row.company_size,
    },
    { key: "use_case", header: t("demo.columns.use_case"), cell: (row) => row.use_case },
    {
      key: "preferred_time",
      header: t("demo.columns.preferred_time"),
      cell: (row) => row.preferred_time,
    },
    {
      key: "details",
      header: t("demo.columns.details"),
      cell: (row) => row.details,
      className: "min-w-64 max-w-prose whitespace-pre-line break-words",
    },
    { key: "locale", header: t("demo.columns.locale"), cell: (row) => row.locale },
  ];
  return (
    <AdminList
      dataset="demo"
      heading={t("demo.heading")}
      caption={t("demo.caption")}
      searchHint={t("demo.searchHint")}
      empty={t("demo.empty")}
      columns={columns}
      list={loaderData}
    />
  );
}
