import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, href, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { FormField } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { LOGIN_INTENTS } from "./constants";
import { OneTimeCodeInput } from "./one-time-code-input";
import { LoginCodeSchema } from "./schema";

/** The sign-in's second step: the code sent to `email`, a new one, or another email. */
export function LoginCodeForm({
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
        <FormField field={fields.code} message={message} label={t("auth.code")}>
          <OneTimeCodeInput
            {...getInputProps(fields.code, { type: "text" })}
            key={fields.code.key}
            ref={codeRef}
          />
        </FormField>
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
          to={`${href("/login")}?${new URLSearchParams({ redirectTo })}`}
          reloadDocument
          className="focus-ring rounded-md px-2 py-1 font-medium text-brand-700 underline dark:text-brand-100"
        >
          {t("auth.otherEmail")}
        </Link>
      </div>
    </>
  );
}
