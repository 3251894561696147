import { AdminDate, AdminList, type Column, adminPageMeta } from "~/domain/admin";
import { type ContactMessageRow, loadAdminList } from "~/domain/admin/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.contact";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:contact.heading");

export function loader({ request }: Route.LoaderArgs) {
  return loadAdminList(request, "contact");
}

export default function AdminContact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<ContactMessageRow>[] = [
    {
      key: "created_at",
      header: t("contact.columns.created_at"),
      cell: (row) => <AdminDate value={row.created_at} />,
    },
    { key: "name", header: t("contact.columns.name"), cell: (row) => row.name },
    { key: "email", header: t("contact.columns.email"), cell: (row) => row.email },
    { key: "company", header: t("contact.columns.company"), cell: (row) => row.company },
    {
      key: "inquiry_type",
      header: t("contact.columns.inquiry_type"),
      cell: (row) => row.inquiry_type,
    },
    {
      key: "message",
      header: t("contact.columns.message"),
      cell: (row) => row.message,
      className: "min-w-64 max-w-prose whitespace-pre-line break-words",
    },
    { key: "locale", header: t("contact.columns.locale"), cell: (row) => row.locale },
  ];
  return (
    <AdminList
      dataset="contact"
      heading={t("contact.heading")}
      caption={t("contact.caption")}
      searchHint={t("contact.searchHint")}
      empty={t("contact.empty")}
      columns={columns}
      list={loaderData}
    />
  );
}
