import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { useFieldMessage, useRegion, useTranslation } from "~/platform/i18n";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { Card } from "~/platform/ui/card";
import { WaitlistSchema } from "./schema";
import { SensitiveDataNotice, WaitlistFields, WaitlistSuccess } from "./waitlist-fields";

export const WAITLIST_INTENT = "waitlist";

/**
 * The waitlist as a form on the page: what a browser without JavaScript gets when it asks for the
 * waitlist (`?waitlist=open`). It posts to the page's own action, so errors keep every value.
 */
export function WaitlistPageForm({
  action,
  lastResult,
  joined,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  joined: boolean;
}) {
  const message = useFieldMessage();
  const { t } = useTranslation("forms");
  const region = useRegion().pack.region.id;
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === WAITLIST_INTENT;
  const [form, fields] = useForm({
    id: "waitlist-page",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitlistSchema }),
  });
  const values = (form.value ?? {}) as Record<string, unknown>;
  const formError = message(form.errors);

  return (
    <section
      id="waitlist"
      aria-labelledby="waitlist-heading"
      className="mx-auto max-w-2xl scroll-mt-24 px-4 pt-12 sm:px-6"
    >
      <Card>
        <h2 id="waitlist-heading" className="text-2xl font-bold">
          {t(`waitlist.regions.${region}.title`)}
        </h2>
        {joined ? (
          <WaitlistSuccess />
        ) : (
          <>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t(`waitlist.regions.${region}.subtitle`)}
            </p>
            <SensitiveDataNotice />
            <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value={WAITLIST_INTENT} />
              <WaitlistFields fields={fields} email={String(values.email ?? "")} />
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("waitlist.trust")}</p>
              {formError ? <FormAlert>{formError}</FormAlert> : null}
              <SubmitButton pending={submitting} pendingLabel={t("waitlist.joining")}>
                {t("waitlist.join")}
              </SubmitButton>
            </Form>
          </>
        )}
      </Card>
    </section>
  );
}
