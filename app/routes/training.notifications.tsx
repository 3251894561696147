import { NotificationList } from "~/platform/notifications";
import { changeNotifications, loadNotificationsPage } from "~/platform/notifications/index.server";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import type { Route } from "./+types/training.notifications";

// The notification panel as a page (SPEC §2 bell): it works by keyboard and without scripts.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("training:notifications.title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  return loadNotificationsPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return changeNotifications(request, await readFormFields(request));
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("notifications.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notifications.intro")}</p>
      {actionData?.ok && actionData.intent === "clear" && (
        <p role="status" className="mt-4 text-sm text-emerald-800 dark:text-emerald-300">
          {t("notifications.cleared")}
        </p>
      )}
      <NotificationList notifications={loaderData.notifications} />
    </div>
  );
}
