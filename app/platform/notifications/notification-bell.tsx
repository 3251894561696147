import { Bell } from "lucide-react";
import { Link, href } from "react-router";
import { useTranslation } from "~/platform/i18n";

/** The header bell: a link to the notifications, with how many need the reader's action. */
export function NotificationBell({ count }: { count: number }) {
  const { t } = useTranslation("training");
  return (
    <Link
      to={href("/training/notifications")}
      className="focus-ring relative inline-flex items-center rounded-md p-2 text-slate-700 hover:bg-white dark:text-slate-200 dark:hover:bg-slate-800"
      aria-label={
        count > 0 ? t("notifications.bellLabel", { count }) : t("notifications.bellLabelNone")
      }
      data-testid="notification-bell"
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
