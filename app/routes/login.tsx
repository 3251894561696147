import { KeyRound, Mail } from "lucide-react";
import { data, href, redirect, useSearchParams } from "react-router";
import { DEFAULT_AFTER_SIGN_IN, LOGIN_INTENTS } from "~/platform/auth";
import { LoginCodeForm, LoginEmailForm, LoginToast, NotInPilot } from "~/platform/auth/forms";
import { getOptionalUser, requestSignInCode, verifySignInCode } from "~/platform/auth/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { Card } from "~/platform/ui/card";
import { FormAlert } from "~/platform/ui/form-status";
import { routeLoginThroughSso } from "~/domain/sso/index.server";
import validation from "../../locales/en/validation.json";
import { adoptGuestWork } from "~/workflows/adopt-guest.server";
import type { Route } from "./+types/login";

addEnglishNamespaces({ validation });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("auth.title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(
    new URL(request.url).searchParams.get("redirectTo"),
    DEFAULT_AFTER_SIGN_IN,
  );
  // Someone already signed in goes where they were going.
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  // Back from an organisation's provider without a session (the audit trail says why).
  const ssoFailed = new URL(request.url).searchParams.get("sso") === "failed";
  return { redirectTo, ssoFailed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const login = {
    clientIp: context.get(requestInfoContext).clientIp,
    request,
    // The user joins the organisation that let them in, and a guest's training progress becomes
    // the account's (ARCHITECTURE "Learning core").
    onSignedIn: (user: { id: string; email: string }) => adoptGuestWork(request, user),
  };
  // An email of an organisation with single sign-on goes to its provider (a redirect thrown).
  const sso = await routeLoginThroughSso(fields, login);
  if (sso) return data(sso.reply, { status: sso.status, headers: sso.headers });
  const { status, headers, reply } =
    fields.intent === LOGIN_INTENTS.verifyCode
      ? await verifySignInCode(fields, login)
      : await requestSignInCode(fields, login);
  return data(reply, { status, headers });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = loaderData?.redirectTo ?? safeRedirect(params.get("redirectTo"), href("/app"));

  if (actionData?.step === "waitlist") {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 sm:px-6">
        <NotInPilot email={actionData.email} />
      </div>
    );
  }
  const codeStep = actionData?.step === "code" && actionData.email ? actionData : null;

  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:px-6">
      <Card>
        {codeStep ? (
          <KeyRound aria-hidden="true" className="size-8 text-brand-600" />
        ) : (
          <Mail aria-hidden="true" className="size-8 text-brand-600" />
        )}
        <h1 className="mt-3 text-2xl font-bold">
          {codeStep ? t("auth.codeTitle") : t("auth.title")}
        </h1>
        {loaderData?.ssoFailed && !actionData ? (
          <FormAlert id="sso-failed" className="mt-4">
            {t("auth.sso.failed")}
          </FormAlert>
        ) : null}
        {codeStep ? (
          <LoginCodeForm
            key={codeStep.email}
            email={codeStep.email}
            redirectTo={redirectTo}
            lastResult={codeStep.result}
          />
        ) : (
          <LoginEmailForm
            redirectTo={redirectTo}
            lastResult={actionData?.step === "email" ? actionData.result : undefined}
          />
        )}
      </Card>
      {codeStep?.sentAt ? (
        // A new code (sent again) shows its own toast.
        <LoginToast
          key={codeStep.sentAt}
          message={t("auth.toastSent", { email: codeStep.email })}
        />
      ) : null}
    </div>
  );
}
