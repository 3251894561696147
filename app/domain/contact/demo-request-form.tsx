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
import { WAITLIST_INTENT } from "~/domain/waitlist";
import { track } from "~/platform/analytics";
import { brand } from "~/platform/lib/brand";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { Field, FormField, controlClass } from "~/platform/ui/field";
import { FieldSelect } from "~/platform/ui/field-select";
import { FormAlert, SubmitButton, SuccessCard } from "~/platform/ui/form-status";
import { DemoByEmail } from "./demo-by-email";
import {
  COMPANY_SIZES,
  DemoRequestSchema,
  PREFERRED_TIMES,
  USE_CASES,
  type DemoRequest,
} from "./schema";

/** SPEC §2 "Demo": the demo request form, posted to the page's action. */
export function DemoRequestForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation(["demo", "errors"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formAction === href("/demo") &&
    navigation.formData?.get("intent") !== WAITLIST_INTENT;
  const [form, fields] = useForm<DemoRequest>({
    id: "demo-request",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DemoRequestSchema }),
    onSubmit(_, { formData }) {
      track("demo_request_submit", {
        company_size: String(formData.get("companySize") ?? ""),
        use_case: String(formData.get("useCase") ?? ""),
      });
    },
  });
  const formError = message(form.errors);
  const optional = t("form.optional");
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
        <FormField field={fields.company} message={message} label={t("form.company")}>
          <input
            {...getInputProps(fields.company, { type: "text" })}
            key={fields.company.key}
            autoComplete="organization"
            className={controlClass}
          />
        </FormField>
        <FormField
          field={fields.jobTitle}
          message={message}
          label={t("form.jobTitle")}
          optional={optional}
        >
          <input
            {...getInputProps(fields.jobTitle, { type: "text" })}
            key={fields.jobTitle.key}
            autoComplete="organization-title"
            className={controlClass}
          />
        </FormField>
        <Field label={t("form.companySize")} htmlFor={fields.companySize.id} optional={optional}>
          <FieldSelect
            field={fields.companySize}
            values={COMPANY_SIZES}
            label={(size) => t(`companySizes.${size}`)}
            placeholder={t("form.choose")}
          />
        </Field>
        <Field label={t("form.useCase")} htmlFor={fields.useCase.id} optional={optional}>
          <FieldSelect
            field={fields.useCase}
            values={USE_CASES}
            label={(useCase) => t(`useCases.${useCase}`)}
            placeholder={t("form.choose")}
          />
        </Field>
        <Field
          label={t("form.preferredTime")}
          htmlFor={fields.preferredTime.id}
          optional={optional}
        >
          <FieldSelect
            field={fields.preferredTime}
            values={PREFERRED_TIMES}
            label={(time) => t(`preferredTimes.${time}`)}
            placeholder={t("form.choose")}
          />
        </Field>
        <div className="sm:col-span-2">
          <FormField
            field={fields.details}
            message={message}
            label={t("form.details")}
            optional={optional}
          >
            <textarea
              {...getTextareaProps(fields.details)}
              key={fields.details.key}
              rows={4}
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
            pendingLabel={t("form.submitting")}
            className="w-full sm:w-auto"
          >
            {t("form.submit")}
          </SubmitButton>
        </div>
      </Form>
      <DemoByEmail values={(form.value ?? {}) as Record<string, unknown>} />
    </Card>
  );
}

/** What the demo page shows once the request is sent: the next steps. */
export function DemoRequestSent() {
  const { t } = useTranslation(["demo", "errors"]);
  return (
    <SuccessCard title={t("success")}>
      <h2 className="mt-6 font-semibold">{t("nextStepsHeading")}</h2>
      <ol className="mx-auto mt-3 max-w-md list-decimal space-y-1 pl-5 text-left">
        {(t("nextSteps", { returnObjects: true }) as string[]).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={brand.homePath}>{t("backHome")}</ButtonLink>
        <ButtonLink to={href("/courses/esg-ai-ethics")} variant="secondary">
          {t("tryEsg")}
        </ButtonLink>
      </div>
    </SuccessCard>
  );
}
