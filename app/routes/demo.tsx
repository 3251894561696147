import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock, Users } from "lucide-react";
import { Form, data, useNavigation, useSearchParams } from "react-router";
import {
  COMPANY_SIZES,
  DemoRequestSchema,
  PREFERRED_TIMES,
  USE_CASES,
  type DemoRequest,
} from "~/features/contact";
import { submitLeadForm } from "~/features/contact/index.server";
import { WAITLIST_INTENT, WaitlistPageForm } from "~/features/waitlist";
import { joinWaitlistByForm } from "~/features/waitlist/index.server";
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

export default function DemoPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["demo", "errors"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const waitlistResult = actionData?.intent === WAITLIST_INTENT ? actionData : undefined;
  const demoResult = actionData?.intent === WAITLIST_INTENT ? undefined : actionData;
  const showWaitlist = params.get("waitlist") === "open" || waitlistResult !== undefined;
  const submitting =
    navigation.state === "submitting" &&
    navigation.formAction === "/demo" &&
    navigation.formData?.get("intent") !== WAITLIST_INTENT;
  const [form, fields] = useForm<DemoRequest>({
    id: "demo-request",
    lastResult: navigation.state === "idle" ? demoResult?.result : undefined,
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

  if (demoResult?.sent) {
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
          <ButtonLink to="/courses/esg-ai-ethics" variant="secondary">
            {t("tryEsg")}
          </ButtonLink>
        </div>
      </SuccessCard>
    );
  }

  const formError = message(form.errors);
  const optional = t("form.optional");
  return (
    <>
      {showWaitlist ? (
        <WaitlistPageForm
          action="/demo?waitlist=open"
          lastResult={waitlistResult?.result}
          joined={waitlistResult?.sent === true}
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
                label={t("form.jobTitle")}
                htmlFor={fields.jobTitle.id}
                optional={optional}
                error={message(fields.jobTitle.errors)}
                errorId={fields.jobTitle.errorId}
              >
                <input
                  {...getInputProps(fields.jobTitle, { type: "text" })}
                  key={fields.jobTitle.key}
                  autoComplete="organization-title"
                  className={controlClass}
                />
              </Field>
              <Field
                label={t("form.companySize")}
                htmlFor={fields.companySize.id}
                optional={optional}
              >
                <select
                  {...getSelectProps(fields.companySize)}
                  key={fields.companySize.key}
                  className={controlClass}
                >
                  <option value="">{t("form.choose")}</option>
                  {COMPANY_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {t(`companySizes.${size}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t("form.useCase")} htmlFor={fields.useCase.id} optional={optional}>
                <select
                  {...getSelectProps(fields.useCase)}
                  key={fields.useCase.key}
                  className={controlClass}
                >
                  <option value="">{t("form.choose")}</option>
                  {USE_CASES.map((useCase) => (
                    <option key={useCase} value={useCase}>
                      {t(`useCases.${useCase}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label={t("form.preferredTime")}
                htmlFor={fields.preferredTime.id}
                optional={optional}
              >
                <select
                  {...getSelectProps(fields.preferredTime)}
                  key={fields.preferredTime.key}
                  className={controlClass}
                >
                  <option value="">{t("form.choose")}</option>
                  {PREFERRED_TIMES.map((time) => (
                    <option key={time} value={time}>
                      {t(`preferredTimes.${time}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="sm:col-span-2">
                <Field
                  label={t("form.details")}
                  htmlFor={fields.details.id}
                  optional={optional}
                  error={message(fields.details.errors)}
                  errorId={fields.details.errorId}
                >
                  <textarea
                    {...getTextareaProps(fields.details)}
                    key={fields.details.key}
                    rows={4}
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
                  pendingLabel={t("form.submitting")}
                  className="w-full sm:w-auto"
                >
                  {t("form.submit")}
                </SubmitButton>
              </div>
            </Form>
          </Card>
        </div>
      </div>
    </>
  );
}
