import { Award, BookOpen, GraduationCap, ShieldCheck, Siren } from "lucide-react";
import { Link } from "react-router";
import { checkPilotAccess, getAuthState, requireUser } from "~/features/auth/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/features/i18n";
import { NotificationBell } from "~/features/notifications";
import { countNeedingAction } from "~/features/notifications/index.server";
import { Card } from "~/ui/card";
import type { Route } from "./+types/app";
import { formatLongDate } from "~/lib/dates";
import training from "../../locales/en/training.json";

addEnglishNamespaces({ training });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: t("pilot.metaTitle") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { session } = await getAuthState(request);
  const access = await checkPilotAccess(user.email);
  return {
    email: user.email,
    role: user.role,
    organisation: access.organisation,
    sessionExpiresAt: session?.expiresAt.toISOString() ?? null,
    needingAction: await countNeedingAction(user.id),
  };
}

const LINKS = [
  { key: "training", to: "/training", Icon: GraduationCap },
  { key: "courses", to: "/courses/esg-ai-ethics", Icon: BookOpen },
  { key: "amlDemo", to: "/kestrel/aml-demo", Icon: Siren },
  { key: "certificates", to: "/training/certificates", Icon: Award },
] as const;

export default function PilotArea({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const links =
    loaderData.role === "admin"
      ? [...LINKS, { key: "admin", to: "/admin", Icon: ShieldCheck } as const]
      : LINKS;
  const until = loaderData.sessionExpiresAt
    ? formatLongDate(i18n.language, new Date(loaderData.sessionExpiresAt))
    : null;

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          {t("pilot.title")}
        </p>
        <NotificationBell count={loaderData.needingAction} />
      </div>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{t("pilot.welcome")}</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
        {t("pilot.signedInAs", { email: loaderData.email })}
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Card>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("pilot.organisation")}</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="pilot-organisation">
            {loaderData.organisation}
          </dd>
        </Card>
        <Card>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("pilot.role")}</dt>
          <dd className="mt-1 text-lg font-semibold">{t(`pilot.roles.${loaderData.role}`)}</dd>
        </Card>
      </dl>
      {until ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          {t("pilot.sessionUntil", { date: until })}
        </p>
      ) : null}
      <h2 className="mt-10 text-xl font-bold">{t("pilot.linksHeading")}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {links.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="focus-ring block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
            >
              <Icon aria-hidden="true" className="size-7 text-brand-600" />
              <span className="mt-3 block text-lg font-semibold">
                {t(`pilot.links.${key}.title`)}
              </span>
              <span className="mt-1 block text-slate-600 dark:text-slate-300">
                {t(`pilot.links.${key}.body`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
