import { requireUser } from "~/platform/auth/index.server";
import { PoliciesView } from "~/domain/compliance/policy-view";
import {
  POLICY_FORM_BYTES,
  type PolicyReply,
  loadPoliciesPage,
  membershipOf,
  publishAction,
  requireManager,
} from "~/domain/compliance/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { readForm } from "~/platform/lib/api.server";
import { data } from "react-router";
import policies from "../../locales/en/policies.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/training.policies";

addEnglishNamespaces({ policies, validation });

// /training/policies (decision 051): a member's policies to read and attest; a manager of the
// organisation also publishes policies and new versions here, and sees who attested which version.
// Signed-out visitors and guests go to sign in; only a manager may post.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("policies:title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return loadPoliciesPage(await membershipOf(user, request));
}

export async function action({ request }: Route.ActionArgs) {
  const { actor, organisation } = await requireManager(await requireUser(request), request);
  const reply = await publishAction(
    actor,
    organisation,
    await readForm(request, POLICY_FORM_BYTES),
  );
  return data<PolicyReply>(reply, { status: reply.ok ? 200 : 400 });
}

export const ErrorBoundary = TrainingErrorBoundary;

export default function Policies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("policies");
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t("intro", { organisation: loaderData.organisation })}
        </p>
      </div>
      <PoliciesView page={loaderData} reply={actionData} />
    </div>
  );
}
