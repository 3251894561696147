import { useTranslation } from "react-i18next";
import {
  AdminDate,
  AdminList,
  type Column,
  type WaitlistRow,
  parseAdminListQuery,
} from "~/features/admin";
import { listSubmissions } from "~/features/admin/index.server";
import { requireAdmin } from "~/features/auth/index.server";
import { addEnglishNamespaces, i18nForMatches } from "~/features/i18n";
import { getDb } from "~/db/db.server";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.waitlist";

addEnglishNamespaces({ admin });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("admin:meta.page", { page: t("admin:waitlist.heading") }) },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listSubmissions(
    getDb(),
    "waitlist",
    parseAdminListQuery(new URL(request.url).searchParams),
  );
}

export default function AdminWaitlist({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<WaitlistRow>[] = [
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
