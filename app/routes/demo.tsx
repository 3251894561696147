import { CalendarClock, Users } from "lucide-react";
import { data, href, useSearchParams } from "react-router";
import { DemoRequestForm, DemoRequestSent } from "~/domain/contact/forms";
import { submitLeadForm } from "~/domain/contact/index.server";
import { WAITLIST_INTENT, WaitlistPageForm } from "~/domain/waitlist";
import { joinWaitlistByForm } from "~/domain/waitlist/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import { NETWORK_FORM_RESULT, keepPageOnNetworkFailure } from "~/platform/lib/reply";
import { requestInfoContext } from "~/platform/lib/request-context";
import { Card } from "~/platform/ui/card";
import demo from "../../locales/en/demo.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/demo";

addEnglishNamespaces({ demo, validation });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("demo:meta.title") },
    { name: "description", content: t("demo:meta.description") },
  ];
};

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  if (fields.intent === WAITLIST_INTENT) {
    const { locale, region } = await getLocaleState(request);
    const { status, ...result } = await joinWaitlistByForm(fields, {
      clientIp: context.get(requestInfoContext).clientIp,
      locale,
      region,
    });
    return data({ intent: WAITLIST_INTENT, ...result }, { status });
  }
  const { locale } = await getLocaleState(request);
  const { status, headers, ...reply } = await submitLeadForm("demo", fields, {
    clientIp: context.get(requestInfoContext).clientIp,
    locale,
  });
  return data({ intent: "demo" as const, ...reply }, { status, headers });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  return keepPageOnNetworkFailure(serverAction, {
    reply: {
      intent: intent === WAITLIST_INTENT ? WAITLIST_INTENT : ("demo" as const),
      result: NETWORK_FORM_RESULT,
    },
  });
}

export default function DemoPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["demo", "errors"]);
  const [params] = useSearchParams();
  const waitlistResult = actionData?.intent === WAITLIST_INTENT ? actionData : undefined;
  const demoResult = actionData?.intent === WAITLIST_INTENT ? undefined : actionData;
  const showWaitlist = params.get("waitlist") === "open" || waitlistResult !== undefined;
  if (demoResult?.ok) return <DemoRequestSent />;
  return (
    <>
      {showWaitlist ? (
        <WaitlistPageForm
          action={`${href("/demo")}?waitlist=open`}
          lastResult={waitlistResult?.result}
          joined={waitlistResult?.ok === true}
        />
      ) : null}
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="max-w-3xl">
          <h1 className="text-4xl font-extrabold tracking-tight">{t("title")}</h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-2">
            <Card>
              <CalendarClock aria-hidden="true" className="size-8 text-brand-600" />
              <h2 className="mt-3 text-lg font-semibold">{t("demoCard.title")}</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{t("demoCard.body")}</p>
            </Card>
            <Card>
              <Users aria-hidden="true" className="size-8 text-brand-600" />
              <h2 className="mt-3 text-lg font-semibold">{t("expertCard.title")}</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">{t("expertCard.body")}</p>
            </Card>
          </div>
          <DemoRequestForm lastResult={demoResult?.result} />
        </div>
      </div>
    </>
  );
}
