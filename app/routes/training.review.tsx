import { ReviewAnswer } from "~/domain/aml/reviews";
import { decideReview, loadReview } from "~/domain/aml/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import aml from "../../locales/en/aml.json";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { CrashScreen, StatusScreen } from "~/platform/shell";
import { readFormFields } from "~/platform/lib/api.server";
import type { Route } from "./+types/training.review";

addEnglishNamespaces({ aml });

// One answer to review: the case, the learner's words, the automatic grade, and the decision.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("aml:review.title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

/** An attempt id in the address; anything else is a page that does not exist. */
function attemptIdOf(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,12}$/.test(raw) || !Number.isSafeInteger(id)) {
    throw new Response(null, { status: 404 });
  }
  return id;
}

export function loader({ request, params }: Route.LoaderArgs) {
  return loadReview(request, attemptIdOf(params.attemptId));
}

export async function action({ request, params }: Route.ActionArgs) {
  return decideReview(request, attemptIdOf(params.attemptId), await readFormFields(request));
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("aml");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("review.title")}</h1>
      <ReviewAnswer page={loaderData} reply={actionData} />
    </div>
  );
}

/** An answer that is not there, or not the reader's to review, is a page that does not exist. */
export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) ? <StatusScreen status={error.status} /> : <CrashScreen />;
}
