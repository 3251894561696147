import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { useFieldMessage, useRegion } from "~/features/i18n";
import { brand } from "~/lib/brand";
import { Button, buttonClasses } from "~/ui/button";
import { Card } from "~/ui/card";
import { WaitlistSchema } from "./schema";
import { WaitlistFields } from "./waitlist-fields";

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
  const { t } = useTranslation("forms");
  const message = useFieldMessage();
  const texts = useRegion().pack.waitlist;
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
      lang="en"
      className="mx-auto max-w-2xl scroll-mt-24 px-4 pt-12 sm:px-6"
    >
      <Card>
        <h2 id="waitlist-heading" className="text-2xl font-bold">
          {texts.title}
        </h2>
        {joined ? (
          <div role="status" className="mt-4 text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-emerald-600" />
            <p className="mt-3 text-lg font-semibold">{texts.success}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/demo" className={buttonClasses("primary")}>
                {t("waitlist.bookDemo")}
              </Link>
              <Link to={brand.homePath} className={buttonClasses("secondary")}>
                {t("waitlist.exploreEnterprise")}
              </Link>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{texts.subtitle}</p>
            {texts.sensitiveDataNotice ? (
              <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
                {texts.sensitiveDataNotice}
              </p>
            ) : null}
            <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4">
              <input type="hidden" name="intent" value={WAITLIST_INTENT} />
              <WaitlistFields fields={fields} email={String(values.email ?? "")} />
              <p className="text-sm text-slate-600 dark:text-slate-300">{texts.trust}</p>
              {formError ? (
                <p
                  role="alert"
                  className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
                >
                  {formError}
                </p>
              ) : null}
              <Button type="submit" disabled={submitting}>
                {submitting ? texts.actions.joining : texts.actions.join}
              </Button>
            </Form>
          </>
        )}
      </Card>
    </section>
  );
}
