import { AdminDate, AdminList, type Column, adminPageMeta } from "~/domain/admin";
import { type WaitlistEntryRow, loadAdminList } from "~/domain/admin/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.waitlist";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:waitlist.heading");

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, "waitlist");
}

export default function AdminWaitlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<WaitlistEntryRow>[] = [
    {
      key: "created_at",
      header: t("waitlist.columns.created_at"),
      cell: (row) => <AdminDate value={row.created_at} />,
    },
    { key: "name", header: t("waitlist.columns.name"), cell: (row) => row.name },
    { key: "email", header: t("waitlist.columns.email"), cell: (row) => row.email },
    { key: "company", header: t("waitlist.columns.company"), cell: (row) => row.company },
    { key: "role", header: t("waitlist.columns.role"), cell: (row) => row.role },
    { key: "product", header: t("waitlist.columns.product"), cell: (row) => row.product },
    { key: "region", header: t("waitlist.columns.region"), cell: (row) => row.region },
    { key: "locale", header: t("waitlist.columns.locale"), cell: (row) => row.locale },
    {
      key: "submissions",
      header: t("waitlist.columns.submissions"),
      cell: (row) => row.submissions,
      className: "text-right tabular-nums",
    },
  ];
  return (
    <AdminList
      dataset="waitlist"
      heading={t("waitlist.heading")}
      caption={t("waitlist.caption")}
      searchHint={t("waitlist.searchHint")}
      empty={t("waitlist.empty")}
      columns={columns}
      list={loaderData}
    />
  );
}
