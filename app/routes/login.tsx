import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, KeyRound, Mail } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, Link, data, redirect, useNavigation, useSearchParams } from "react-router";
import { DEFAULT_AFTER_SIGN_IN, LOGIN_INTENTS, LOGIN_TOAST_MS } from "~/features/auth";
import {
  LoginCodeSchema,
  LoginEmailSchema,
  OneTimeCodeInput,
  looksLikeEmail,
} from "~/features/auth/forms";
import { getOptionalUser, requestSignInCode, verifySignInCode } from "~/features/auth/index.server";
import {
  addEnglishNamespaces,
  i18nForMatches,
  useFieldMessage,
  useTranslation,
} from "~/features/i18n";
import { readFormFields } from "~/lib/api.server";
import { requestInfoContext } from "~/lib/request-context";
import { safeRedirect } from "~/lib/safe-redirect";
import { openWaitlist } from "~/lib/waitlist-trigger";
import { Button, ButtonLink, buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field, controlClass } from "~/ui/field";
import { FormAlert, SubmitButton } from "~/ui/form-status";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/login";

addEnglishNamespaces({ validation });

const WAITLIST_PATH = "/demo?waitlist=open#waitlist";

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
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const login = { clientIp: context.get(requestInfoContext).clientIp, request };
  const { status, headers, reply } =
    fields.intent === LOGIN_INTENTS.verifyCode
      ? await verifySignInCode(fields, login)
      : await requestSignInCode(fields, login);
  return data(reply, { status, headers });
}

const noSubscription = () => () => {};

/** SPEC §9: a toast that leaves after 2.6 s. */
function Toast({ message }: { message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOGIN_TOAST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div aria-live="polite" className="fixed right-4 bottom-4 z-40">
      {visible ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {message}
        </p>
      ) : null}
    </div>
  );
}

function EmailStep({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigation = useNavigation();
  const verifying =
    navigation.state !== "idle" && navigation.formData?.get("intent") === LOGIN_INTENTS.requestCode;
  const [form, fields] = useForm({
    id: "pilot-login",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginEmailSchema }),
  });
  const [email, setEmail] = useState(String(fields.email.initialValue ?? ""));
  // Before hydration the server checks the email; after, the button waits for a valid one.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const formError = message(form.errors);

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value={LOGIN_INTENTS.requestCode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        label={t("auth.email")}
        htmlFor={fields.email.id}
        error={message(fields.email.errors)}
        errorId={fields.email.errorId}
      >
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          inputMode="email"
          placeholder={t("auth.emailPlaceholder")}
          onChange={(event) => setEmail(event.currentTarget.value)}
          className={controlClass}
        />
      </Field>
      {formError ? <FormAlert id={form.errorId}>{formError}</FormAlert> : null}
      <SubmitButton
        pending={verifying}
        pendingLabel={t("auth.verifying")}
        disabled={hydrated && !looksLikeEmail(email)}
        className="w-full"
      >
        {t("auth.enterPilot")}
      </SubmitButton>
    </Form>
  );
}

function CodeStep({
  email,
  redirectTo,
  lastResult,
}: {
  email: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const navigation = useNavigation();
  const intent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const codeRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useForm({
    id: "pilot-code",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginCodeSchema }),
  });
  useEffect(() => codeRef.current?.focus(), [lastResult]);
  const formError = message(form.errors);

  return (
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("auth.codeSent", { email })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value={LOGIN_INTENTS.verifyCode} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.code")}
          htmlFor={fields.code.id}
          error={message(fields.code.errors)}
          errorId={fields.code.errorId}
        >
          <OneTimeCodeInput
            {...getInputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            ref={codeRef}
          />
        </Field>
        {formError ? <FormAlert id={form.errorId}>{formError}</FormAlert> : null}
        <SubmitButton
          pending={intent === LOGIN_INTENTS.verifyCode}
          pendingLabel={t("auth.signingIn")}
          className="w-full"
        >
          {t("signIn")}
        </SubmitButton>
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value={LOGIN_INTENTS.requestCode} />
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" variant="ghost" disabled={intent === LOGIN_INTENTS.requestCode}>
            {intent === LOGIN_INTENTS.requestCode ? t("auth.verifying") : t("auth.resend")}
          </Button>
        </Form>
        <Link
          to={`/login?${new URLSearchParams({ redirectTo })}`}
          reloadDocument
          className="focus-ring rounded-md px-2 py-1 font-medium text-brand-700 underline dark:text-brand-100"
        >
          {t("auth.otherEmail")}
        </Link>
      </div>
    </>
  );
}

/** An email the pilot does not include: the waitlist opens with it filled in (SPEC §4). */
function NotInPilot({ email }: { email: string }) {
  const { t } = useTranslation();
  const join = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Focus comes back here when the waitlist closes.
    join.current?.focus();
    openWaitlist({ source: "login", email });
  }, [email]);
  return (
    <Card className="text-center" role="status">
      <h1 className="text-2xl font-bold">{t("auth.notInPilotTitle")}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        {t("auth.notInPilotBody", { email })}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a
          ref={join}
          href={WAITLIST_PATH}
          className={buttonClasses()}
          onClick={(event) => {
            event.preventDefault();
            openWaitlist({ source: "login", email });
          }}
        >
          {t("auth.joinWaitlist")}
        </a>
        <ButtonLink to="/login" reloadDocument variant="secondary">
          {t("auth.otherEmail")}
        </ButtonLink>
      </div>
    </Card>
  );
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = loaderData?.redirectTo ?? safeRedirect(params.get("redirectTo"), "/app");

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
        {codeStep ? (
          <CodeStep
            key={codeStep.email}
            email={codeStep.email}
            redirectTo={redirectTo}
            lastResult={codeStep.result}
          />
        ) : (
          <>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t("auth.intro")}</p>
            <EmailStep
              redirectTo={redirectTo}
              lastResult={actionData?.step === "email" ? actionData.result : undefined}
            />
            <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
              {t("auth.noAccess")}{" "}
              <a
                href={WAITLIST_PATH}
                onClick={(event) => {
                  event.preventDefault();
                  openWaitlist({ source: "login" });
                }}
                className="focus-ring rounded font-medium text-brand-700 underline dark:text-brand-100"
              >
                {t("auth.joinWaitlist")}
              </a>
            </p>
          </>
        )}
      </Card>
      {codeStep?.sentAt ? (
        // A new code (sent again) shows its own toast.
        <Toast key={codeStep.sentAt} message={t("auth.toastSent", { email: codeStep.email })} />
      ) : null}
    </div>
  );
}
