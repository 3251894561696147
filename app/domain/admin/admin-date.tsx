import { useTranslation } from "~/platform/i18n";
import { NoValue } from "~/platform/ui/data-table";
import { formatAdminDate } from "./format";

/** An ISO timestamp, readable and the same for everyone (UTC). */
export function AdminDate({ value }: { value: string | null }) {
  const { t } = useTranslation("admin");
  if (!value) return <NoValue label={t("tables.none")} />;
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {formatAdminDate(value)}
    </time>
  );
}
