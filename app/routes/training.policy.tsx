import { requireUser } from "~/platform/auth/index.server";
import { type AttestReply, PolicyReader } from "~/domain/compliance/policy-view";
import { AttestSchema } from "~/domain/compliance/forms";
import { membershipOf, openPolicy } from "~/domain/compliance/index.server";
import { attest } from "~/workflows/attest-policy.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { readForm } from "~/platform/lib/api.server";
import { parseSubmission } from "~/platform/lib/reply.server";
import { Link, data, href } from "react-router";
import policies from "../../locales/en/policies.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/training.policy";

addEnglishNamespaces({ policies, validation });

// /training/policies/<id> (decision 051): a policy of the member's organisation, its version in
// force, and the attestation ("I have read and understood…"). Opening the page is recorded: the
// time on page runs on the server's clock from there to the attestation.
export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const { t } = i18nForMatches(matches);
  const name = page?.policy.name ?? t("policies:title");
  return [{ title: `${name} | Kestrel` }, { name: "robots", content: "noindex" }];
};

const policyId = (raw: string | undefined) => (/^\d{1,15}$/.test(raw ?? "") ? Number(raw) : 0);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { organisation } = await membershipOf(user, request);
  return openPolicy(organisation, user.id, policyId(params.id));
}

const REFUSALS = {
  "not-assigned": "policies:errors.notAssigned",
  "not-opened": "policies:errors.stale",
  "stale-version": "policies:errors.stale",
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { organisation } = await membershipOf(user, request);
  const parsed = parseSubmission(await readForm(request), AttestSchema);
  const refused = (message: string, status: number) =>
    data<AttestReply>(
      { form: "attest", ok: false, error: { code: "validation", message } },
      { status },
    );
  if ("refusal" in parsed) {
    const field = Object.values(parsed.fields)[0];
    return refused(field ?? "policies:errors.understood", 400);
  }
  const outcome = await attest(user, organisation, {
    requirementId: policyId(params.id),
    versionId: parsed.value.versionId,
  });
  if (!outcome.ok) return refused(REFUSALS[outcome.reason], 409);
  return data<AttestReply>({ form: "attest", ok: true, tooFast: outcome.tooFast });
}

export const ErrorBoundary = TrainingErrorBoundary;

export default function Policy({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("policies");
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{loaderData.policy.name}</h1>
        {loaderData.policy.description && (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{loaderData.policy.description}</p>
        )}
        <p className="mt-2 text-sm">
          <Link to={href("/training/policies")} className="underline">
            {t("reader.back")}
          </Link>
        </p>
      </div>
      <PolicyReader reading={loaderData} reply={actionData} />
    </div>
  );
}
