import { type RosterReply, RosterView } from "~/domain/compliance/forms";
import {
  applyRosterAction,
  loadRoster,
  reminderLog,
  remindNow,
  requireManager,
  rosterHistory,
} from "~/domain/compliance/index.server";
import { RosterActionSchema, rosterFilters } from "~/domain/compliance/forms";
import { accountsOf, requireUser } from "~/platform/auth/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { readForm } from "~/platform/lib/api.server";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { data } from "react-router";
import roster from "../../locales/en/roster.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/training.roster";

addEnglishNamespaces({ roster, validation });

// /training/roster: a manager's people × requirements, filtered, sorted, exported, and acted on
// (remind now, excuse, reassign). Their own organisation only; learners and admins who do not
// manage one get 403, signed-out visitors and guests go to sign in.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("roster:title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { organisation } = await requireManager(await requireUser(request), request);
  const filters = rosterFilters(new URL(request.url).searchParams);
  const [page, reminders, actions] = await Promise.all([
    loadRoster(organisation, filters),
    reminderLog(organisation.id, 50),
    rosterHistory(organisation.id, 50),
  ]);
  const emails = new Map(
    (await accountsOf([...new Set(reminders.map((entry) => entry.learnerId))])).map((account) => [
      account.id,
      account.email,
    ]),
  );
  return {
    page,
    logs: {
      reminders: reminders.map(({ learnerId, ...entry }) => ({
        ...entry,
        learner: emails.get(learnerId) ?? "",
      })),
      actions,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor, organisation } = await requireManager(await requireUser(request), request);
  const form = await readForm(request);
  const parsed = parseSubmission(form, RosterActionSchema);
  if ("refusal" in parsed) {
    // Nothing typed is lost: the rows chosen and the reason come back with the refusal.
    const kept = {
      rows: form
        .getAll("rows")
        .filter((value): value is string => typeof value === "string")
        .slice(0, 500),
      reason: String(form.get("reason") ?? "").slice(0, 2000),
    };
    return refuse(400, "validation", { fields: parsed.fields, kept });
  }
  const input = parsed.value;
  const result =
    input.intent === "remind"
      ? await remindNow(organisation, input.rows, actor.email)
      : await applyRosterAction(actor, organisation, input);
  return data<RosterReply>({ ok: true, intent: input.intent, ...result });
}

export const ErrorBoundary = TrainingErrorBoundary;

export default function Roster({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("roster");
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t("intro", { organisation: loaderData.page.organisation.name })}
        </p>
      </div>
      <RosterView
        page={loaderData.page}
        logs={loaderData.logs}
        reply={actionData as RosterReply | undefined}
      />
    </div>
  );
}
