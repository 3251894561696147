import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Clock, Globe2, Mail } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import { ContactMessageSchema, INQUIRY_TYPES, type ContactMessage } from "~/features/contact";
import { submitLeadForm } from "~/features/contact/index.server";
import {
  addEnglishNamespaces,
  i18nForMatches,
  useFieldMessage,
  useTranslation,
} from "~/features/i18n";
import { getLocaleState } from "~/features/i18n/index.server";
import { track } from "~/features/analytics";
import { readFormFields } from "~/lib/api.server";
import { brand } from "~/lib/brand";
import { requestInfoContext } from "~/lib/request-context";
import { ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field, controlClass } from "~/ui/field";
import { FormAlert, SubmitButton, SuccessCard } from "~/ui/form-status";
import { RevealEmail } from "~/ui/reveal-email";
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

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["contact", "errors"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm<ContactMessage>({
    id: "contact",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { inquiryType: "general" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactMessageSchema }),
    onSubmit(_, { formData }) {
      track("contact_form_submit", {
        inquiry_type: String(formData.get("inquiryType") ?? "general"),
      });
    },
  });

  if (actionData?.sent) {
    return (
      <SuccessCard title={t("success")}>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("successBody")}</p>
        <ButtonLink to={brand.homePath} className="mt-8">
          {t("backHome")}
        </ButtonLink>
      </SuccessCard>
    );
  }

  const [emailUser = "", emailDomain = ""] = brand.emails.hello.split("@");
  const formError = message(form.errors);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("heading")}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-5">
        <Card className="lg:col-span-3">
          <h2 className="text-xl font-semibold">{t("form.heading")}</h2>
          <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2">
            <Field
              label={t("form.name")}
              htmlFor={fields.name.id}
              error={message(fields.name.errors)}
              errorId={fields.name.errorId}
            >
              <input
                {...getInputProps(fields.name, { type: "text" })}
                key={fields.name.key}
                autoComplete="name"
                className={controlClass}
              />
            </Field>
            <Field
              label={t("form.email")}
              htmlFor={fields.email.id}
              error={message(fields.email.errors)}
              errorId={fields.email.errorId}
            >
              <input
                {...getInputProps(fields.email, { type: "email" })}
                key={fields.email.key}
                autoComplete="email"
                className={controlClass}
              />
            </Field>
            <Field
              label={t("form.company")}
              htmlFor={fields.company.id}
              optional={t("form.optional")}
              error={message(fields.company.errors)}
              errorId={fields.company.errorId}
            >
              <input
                {...getInputProps(fields.company, { type: "text" })}
                key={fields.company.key}
                autoComplete="organization"
                className={controlClass}
              />
            </Field>
            <Field
              label={t("form.inquiryType")}
              htmlFor={fields.inquiryType.id}
              error={message(fields.inquiryType.errors)}
              errorId={fields.inquiryType.errorId}
            >
              <select
                {...getSelectProps(fields.inquiryType)}
                key={fields.inquiryType.key}
                className={controlClass}
              >
                {INQUIRY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`inquiryTypes.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
            <div className="sm:col-span-2">
              <Field
                label={t("form.message")}
                htmlFor={fields.message.id}
                error={message(fields.message.errors)}
                errorId={fields.message.errorId}
              >
                <textarea
                  {...getTextareaProps(fields.message)}
                  key={fields.message.key}
                  rows={5}
                  className={controlClass}
                />
              </Field>
            </div>
            {formError ? (
              <FormAlert id={form.errorId} className="sm:col-span-2">
                {formError}
              </FormAlert>
            ) : null}
            <div className="sm:col-span-2">
              <SubmitButton
                pending={submitting}
                pendingLabel={t("form.sending")}
                className="w-full sm:w-auto"
              >
                {t("form.submit")}
              </SubmitButton>
            </div>
          </Form>
        </Card>
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <h2 className="text-lg font-semibold">{t("details.heading")}</h2>
            <div className="mt-4 space-y-4">
              <div className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                <dl>
                  <dt className="text-sm text-slate-500 dark:text-slate-400">
                    {t("details.emailLabel")}
                  </dt>
                  <dd>
                    <RevealEmail
                      user={emailUser}
                      domain={emailDomain}
                      label={t("details.revealEmail")}
                      subject={t("details.mailSubject")}
                    />
                  </dd>
                </dl>
              </div>
              <div className="flex gap-3">
                <Globe2 aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
                <dl>
                  <dt className="text-sm text-slate-500 dark:text-slate-400">
                    {t("details.regionLabel")}
                  </dt>
                  <dd>{t("details.region")}</dd>
                </dl>
              </div>
            </div>
            <p className="mt-4 flex gap-3 text-slate-700 dark:text-slate-300">
              <Clock aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
              {t("quickResponse")}
            </p>
          </Card>
          <ButtonLink to="/demo" variant="secondary" className="w-full">
            {t("requestDemoInstead")}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
