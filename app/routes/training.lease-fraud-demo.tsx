import { i18nForMatches } from "~/platform/i18n";
import { LeaseDemo, TrainingErrorBoundary, skipRevalidationAfterAnswer } from "~/domain/training";
import { leaseAnswer, loadLeaseDemo } from "~/domain/training/index.server";
import { answerTakeStep } from "~/workflows/complete-take.server";
import { readFormFields } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/training.lease-fraud-demo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("training:lease.title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ request }: Route.LoaderArgs) {
  return loadLeaseDemo(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  return answerTakeStep(
    await leaseAnswer(request, fields, context.get(requestInfoContext).clientIp),
  );
}

export default function LeaseFraudDemo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <LeaseDemo demo={loaderData} actionData={actionData} />
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
export const shouldRevalidate = skipRevalidationAfterAnswer;
