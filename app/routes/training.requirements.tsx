import { requireUser } from "~/platform/auth/index.server";
import { RequirementsManagement } from "~/domain/compliance/forms";
import {
  loadRequirementsPage,
  requireManager,
  requirementAction,
} from "~/domain/compliance/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { readForm } from "~/platform/lib/api.server";
import requirements from "../../locales/en/requirements.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/training.requirements";

addEnglishNamespaces({ requirements, validation });

// SPEC §3 compliance requirement: a manager sets their organisation's requirements and extends a
// learner's due date, with the reason. Learners get 403; signed-out visitors go to sign in.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("requirements:title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const { organisation } = await requireManager(await requireUser(request), request);
  return loadRequirementsPage(organisation);
}

export async function action({ request }: Route.ActionArgs) {
  const { actor, organisation } = await requireManager(await requireUser(request), request);
  return requirementAction(actor, organisation.id, await readForm(request));
}

export const ErrorBoundary = TrainingErrorBoundary;

export default function ManagerRequirements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("requirements");
  const page = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t("intro", { organisation: page.organisation.name })}
        </p>
      </div>
      <RequirementsManagement page={page} reply={actionData} withRoles={false} />
    </div>
  );
}
