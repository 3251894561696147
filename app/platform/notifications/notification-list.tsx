import { Form, Link, useNavigation } from "react-router";
import { useLocale, useTranslation } from "~/platform/i18n";
import { Button, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { NotificationView } from "./constants";
import { dateTimeFormat } from "~/platform/lib/intl";

const PRIORITY_STYLES = {
  high: "border-l-red-700",
  medium: "border-l-amber-600",
  low: "border-l-slate-400",
};

/** The reader's notifications, newest first, each with its actions; plain forms, so no script is needed. */
export function NotificationList({ notifications }: { notifications: NotificationView[] }) {
  const { t } = useTranslation("training");
  const { locale } = useLocale();
  const busy = useNavigation().state === "submitting";
  // A kind's texts name whichever values it was stored with.
  const text = (key: string, values: Record<string, string>) =>
    String(t(key as never, values as never));
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  if (notifications.length === 0) {
    return (
      <Card className="mt-8 text-center" data-testid="notifications-empty">
        <h2 className="text-xl font-bold">{t("notifications.empty")}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notifications.emptyBody")}</p>
      </Card>
    );
  }
  return (
    <>
      <Form method="post" className="mt-6 flex justify-end">
        <Button type="submit" name="intent" value="clear" variant="secondary" disabled={busy}>
          {t("notifications.clearAll")}
        </Button>
      </Form>
      <ul className="mt-4 space-y-3">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <Card
              data-testid="notification"
              className={`border-l-4 ${PRIORITY_STYLES[notification.priority]}`}
            >
              <div className="flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-600 dark:text-slate-400">
                <span>{t(`notifications.type.${notification.type}`)}</span>
                <span aria-hidden="true">·</span>
                <span>{t(`notifications.priority.${notification.priority}`)}</span>
                {!notification.read && (
                  <span className="rounded-full bg-brand-100 px-2 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                    {t("notifications.unread")}
                  </span>
                )}
                {notification.actionRequired && !notification.read && (
                  <span className="rounded-full bg-red-100 px-2 text-red-900 dark:bg-red-950 dark:text-red-200">
                    {t("notifications.actionRequired")}
                  </span>
                )}
              </div>
              <h2 className="mt-2 text-lg font-bold">
                {text(`notifications.kinds.${notification.kind}.title`, notification.params)}
              </h2>
              <p className="mt-1 text-slate-700 dark:text-slate-300">
                {text(`notifications.kinds.${notification.kind}.message`, notification.params)}
              </p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {t("notifications.received", {
                  date: when.format(new Date(notification.createdAt)),
                })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                {notification.actionUrl && (
                  <Link to={notification.actionUrl} className={buttonClasses("primary", "py-1")}>
                    {t("notifications.open")}
                  </Link>
                )}
                <Form method="post" className="contents">
                  <input type="hidden" name="id" value={notification.id} />
                  {!notification.read && (
                    <Button
                      type="submit"
                      name="intent"
                      value="read"
                      variant="secondary"
                      disabled={busy}
                    >
                      {t("notifications.markRead")}
                    </Button>
                  )}
                  <Button
                    type="submit"
                    name="intent"
                    value="remove"
                    variant="ghost"
                    disabled={busy}
                  >
                    {t("notifications.remove")}
                  </Button>
                </Form>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
