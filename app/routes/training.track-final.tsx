import { href } from "react-router";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import { FinalAssessment, GuestNotice, TrainingErrorBoundary } from "~/domain/training";
import { openFinal, submitFinal } from "~/workflows/final-assessment.server";
import { readFormFields } from "~/platform/lib/api.server";
import type { Route } from "./+types/training.track-final";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = i18nForMatches(matches);
  const title = data
    ? t("training:final.title", { track: data.track.title })
    : t("training:track.notFound");
  return [{ title: `${title} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export function loader({ request, params }: Route.LoaderArgs) {
  return openFinal(request, params.trackId);
}

export async function action({ request, params }: Route.ActionArgs) {
  return submitFinal(request, params.trackId, await readFormFields(request));
}

export default function FinalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {t("final.title", { track: loaderData.track.title })}
      </h1>
      {loaderData.guest && (
        <div className="mt-4">
          <GuestNotice
            returnTo={href("/training/track/:trackId/final", { trackId: loaderData.track.id })}
          />
        </div>
      )}
      <FinalAssessment final={loaderData} refused={actionData} />
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
