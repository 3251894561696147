import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, useSyncExternalStore } from "react";
import { Form, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { openWaitlist } from "~/platform/lib/waitlist-trigger";
import { FormField, controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { LOGIN_INTENTS, LOGIN_WAITLIST_PATH } from "./constants";
import { LoginEmailSchema, looksLikeEmail } from "./schema";

const noSubscription = () => () => {};

/** The sign-in's first step: a work email, or the waitlist for someone without access. */
export function LoginEmailForm({
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
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("auth.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value={LOGIN_INTENTS.requestCode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField field={fields.email} message={message} label={t("auth.email")}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            inputMode="email"
            placeholder={t("auth.emailPlaceholder")}
            onChange={(event) => setEmail(event.currentTarget.value)}
            className={controlClass}
          />
        </FormField>
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
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        {t("auth.noAccess")}{" "}
        <a
          href={LOGIN_WAITLIST_PATH}
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
  );
}
