import { useEffect } from "react";
import { href } from "react-router";
import { track } from "~/platform/analytics";
import { i18nForMatches } from "~/platform/i18n";
import {
  GuestNotice,
  ModuleIntro,
  ModulePlayer,
  TrainingErrorBoundary,
  skipRevalidationAfterAnswer,
} from "~/domain/training";
import { loadPlayer, moduleAnswer } from "~/domain/training/index.server";
import { answerTakeStep } from "~/workflows/complete-take.server";
import { readFormFields } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/training.module";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${data?.module.title ?? t("training:module.notFound")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export function loader({ request, params }: Route.LoaderArgs) {
  return loadPlayer(request, params.moduleId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const clientIp = context.get(requestInfoContext).clientIp;
  return answerTakeStep(await moduleAnswer(request, params.moduleId, fields, clientIp));
}

export default function ModulePage({ loaderData, actionData }: Route.ComponentProps) {
  const { module } = loaderData;
  useEffect(() => track("module_viewed", { moduleId: module.id }), [module.id]);
  const returnTo = href("/training/module/:moduleId", { moduleId: module.id });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{module.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{module.description}</p>
      {loaderData.guest && (
        <div className="mt-4">
          <GuestNotice returnTo={returnTo} />
        </div>
      )}
      {loaderData.stepIndex === 0 && loaderData.answered.length === 0 && !loaderData.finished && (
        <ModuleIntro player={loaderData} />
      )}
      <div className="mt-8">
        <ModulePlayer player={loaderData} actionData={actionData} />
      </div>
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
export const shouldRevalidate = skipRevalidationAfterAnswer;
