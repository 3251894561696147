import { keepDataAfterNetworkFailure, keepPageOnNetworkFailure } from "~/platform/lib/reply";
import { Award, BookOpen, GraduationCap, ShieldCheck, Siren } from "lucide-react";
import { Link, href } from "react-router";
import { getAuthState, requireUser } from "~/platform/auth/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { NotificationBell } from "~/platform/notifications";
import { countNeedingAction } from "~/platform/notifications/index.server";
import type { Route } from "./+types/app";
import { formatLongDate } from "~/platform/lib/dates";
import { SkillsGenerator } from "~/domain/skills";
import { loadSkillsPage, skillsAction } from "~/domain/skills/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import training from "../../locales/en/training.json";
import skills from "../../locales/en/skills.json";

addEnglishNamespaces({ training, skills });

// SPEC §2 "Skills page": the pilot area, titled Skills: who you are, the two cards, the skill
// generator; and links to the rest of the pilot.

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: t("skills:metaTitle") }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { session } = await getAuthState(request);
  const { region } = await getLocaleState(request);
  return {
    email: user.email,
    // An administrator sees the way to the admin area (which asks for the second factor first).
    role: user.adminAccount ? ("admin" as const) : user.role,
    // The organisation the dashboards and reports count the learner in, not the address's domain.
    organisation: (await membershipOf(user, request)).organisation.name,
    region,
    sessionExpiresAt: session?.expiresAt.toISOString() ?? null,
    needingAction: await countNeedingAction(user.id),
    skills: await loadSkillsPage(user.id, region),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { region } = await getLocaleState(request);
  return skillsAction(user.id, region, await readFormFields(request, SKILLS_FORM_BYTES));
}

/** A form of the page: notes of up to 8,000 characters in any script, and a few short fields. */
const SKILLS_FORM_BYTES = 40 * 1024;

const LINKS = [
  { key: "courses", to: href("/courses/esg-ai-ethics"), Icon: BookOpen },
  { key: "certificates", to: href("/training/certificates"), Icon: Award },
] as const;

/** Regions whose AML card names their regulator (SPEC §2); the others read a general line. */
const AML_REGIONS = ["ca", "sg", "my", "th"] as const;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepPageOnNetworkFailure(serverAction);

export const shouldRevalidate = keepDataAfterNetworkFailure;

export default function PilotArea({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { t: ts } = useTranslation("skills");
  const links =
    loaderData.role === "admin"
      ? [...LINKS, { key: "admin", to: href("/admin"), Icon: ShieldCheck } as const]
      : LINKS;
  const until = loaderData.sessionExpiresAt
    ? formatLongDate(i18n.language, new Date(loaderData.sessionExpiresAt))
    : null;
  const amlSubtitle = AML_REGIONS.find((region) => region === loaderData.region) ?? "other";
  const cards = [
    {
      key: "training",
      to: href("/training"),
      Icon: GraduationCap,
      title: ts("cards.training.title"),
      body: ts("cards.training.body"),
    },
    {
      key: "aml",
      to: href("/kestrel/aml-demo"),
      Icon: Siren,
      title: ts("cards.aml.title"),
      body: ts(`cards.aml.subtitle.${amlSubtitle}`),
    },
  ];

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-100">
          {t("pilot.title")}
        </p>
        <NotificationBell count={loaderData.needingAction} />
      </div>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{ts("title")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {t("pilot.signedInAs", { email: loaderData.email })} {t("pilot.organisation")}:{" "}
        <span className="font-semibold" data-testid="pilot-organisation">
          {loaderData.organisation}
        </span>{" "}
        · {t(`pilot.roles.${loaderData.role}`)}
        {until ? ` · ${t("pilot.sessionUntil", { date: until })}` : null}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {cards.map(({ key, to, Icon, title, body }) => (
          <li key={key}>
            <Link
              to={to}
              className="focus-ring block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
            >
              <Icon aria-hidden="true" className="size-7 text-brand-600" />
              <span className="mt-3 block text-lg font-semibold">{title}</span>
              <span className="mt-1 block text-slate-600 dark:text-slate-300">{body}</span>
            </Link>
          </li>
        ))}
      </ul>
      <SkillsGenerator
        skills={loaderData.skills.skills}
        quota={loaderData.skills.quota}
        drafts={loaderData.skills.drafts}
      />
      <h2 className="mt-12 text-lg font-bold">{ts("more")}</h2>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {links.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="focus-ring inline-flex items-center gap-2 rounded font-semibold underline"
            >
              <Icon aria-hidden="true" className="size-4 text-brand-600" />
              {t(`pilot.links.${key}.title`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
