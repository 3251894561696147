import { data, href } from "react-router";
import { ContactDetails, ContactForm, ContactSent } from "~/domain/contact/forms";
import { submitLeadForm } from "~/domain/contact/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import { NETWORK_FORM_RESULT, keepPageOnNetworkFailure } from "~/platform/lib/reply";
import { requestInfoContext } from "~/platform/lib/request-context";
import { ButtonLink } from "~/platform/ui/button";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/contact";

addEnglishNamespaces({ validation });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("contact:meta.title") },
    { name: "description", content: t("contact:meta.description") },
  ];
};

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const { locale } = await getLocaleState(request);
  const { status, headers, ...reply } = await submitLeadForm("contact", fields, {
    clientIp: context.get(requestInfoContext).clientIp,
    locale,
  });
  return data(reply, { status, headers });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepPageOnNetworkFailure(serverAction, { reply: { result: NETWORK_FORM_RESULT } });

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["contact", "errors"]);
  if (actionData?.ok) return <ContactSent />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("heading")}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-5">
        <ContactForm lastResult={actionData?.result} />
        <div className="space-y-6 lg:col-span-2">
          <ContactDetails />
          <ButtonLink to={href("/demo")} variant="secondary" className="w-full">
            {t("requestDemoInstead")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
