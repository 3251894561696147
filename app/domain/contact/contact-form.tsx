import {
  type SubmissionResult,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { track } from "~/platform/analytics";
import { brand } from "~/platform/lib/brand";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { FormField, controlClass } from "~/platform/ui/field";
import { FieldSelect } from "~/platform/ui/field-select";
import { FormAlert, SubmitButton, SuccessCard } from "~/platform/ui/form-status";
import { ContactMessageSchema, INQUIRY_TYPES, type ContactMessage } from "./schema";

/** SPEC §2 "Contact": the message form, posted to the page's action. */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["contact", "errors"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction === href("/contact");
  const [form, fields] = useForm<ContactMessage>({
    id: "contact",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
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

  const formError = message(form.errors);
  return (
    <Card className="lg:col-span-3">
      <h2 className="text-xl font-semibold">{t("form.heading")}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4 sm:grid-cols-2">
        <FormField field={fields.name} message={message} label={t("form.name")}>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            autoComplete="name"
            className={controlClass}
          />
        </FormField>
        <FormField field={fields.email} message={message} label={t("form.email")}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            className={controlClass}
          />
        </FormField>
        <FormField
          field={fields.company}
          message={message}
          label={t("form.company")}
          optional={t("form.optional")}
        >
          <input
            {...getInputProps(fields.company, { type: "text" })}
            key={fields.company.key}
            autoComplete="organization"
            className={controlClass}
          />
        </FormField>
        <FormField field={fields.inquiryType} message={message} label={t("form.inquiryType")}>
          <FieldSelect
            field={fields.inquiryType}
            values={INQUIRY_TYPES}
            label={(type) => t(`inquiryTypes.${type}`)}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField field={fields.message} message={message} label={t("form.message")}>
            <textarea
              {...getTextareaProps(fields.message)}
              key={fields.message.key}
              rows={5}
              className={controlClass}
            />
          </FormField>
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
  );
}

/** What the contact page shows once the message is sent. */
export function ContactSent() {
  const { t } = useTranslation(["contact", "errors"]);
  return (
    <SuccessCard title={t("success")}>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("successBody")}</p>
      <ButtonLink to={brand.homePath} className="mt-8">
        {t("backHome")}
      </ButtonLink>
    </SuccessCard>
  );
}
