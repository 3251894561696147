import { Form, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { Field, controlClass } from "~/platform/ui/field";
import { HOLDER_NAME_MAX } from "./constants";

export interface HolderNameState {
  /** The value to show: what was typed (kept on an error) or what is saved. */
  name: string;
  error: string | null;
  saved: boolean;
  issued: number;
}

/** The name printed on certificates: asked before the first one, editable afterwards. */
export function HolderNameForm({ state, pending }: { state: HolderNameState; pending: number }) {
  const { t } = useTranslation("training");
  const message = useFieldMessage();
  const busy = useNavigation().formData?.get("intent") === "holder-name";
  return (
    <Card className="mt-8">
      <h2 className="text-lg font-bold">{t("certificates.name.heading")}</h2>
      {pending > 0 && (
        <p role="status" className="mt-2 font-medium text-brand-700 dark:text-brand-300">
          {t("certificates.pending", { count: pending })}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t("certificates.name.body")}
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="holder-name" />
        <div className="grow">
          <Field
            label={t("certificates.name.label")}
            htmlFor="holder-name"
            error={message(state.error ? [state.error] : undefined)}
            errorId="holder-name-error"
          >
            <input
              id="holder-name"
              name="name"
              required
              maxLength={HOLDER_NAME_MAX}
              autoComplete="name"
              defaultValue={state.name}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? "holder-name-error" : undefined}
              className={controlClass}
            />
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          {t("certificates.name.save")}
        </Button>
      </Form>
      {state.saved && (
        <p role="status" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">
          {t("certificates.name.saved")}{" "}
          {state.issued > 0 && t("certificates.issuedNow", { count: state.issued })}
        </p>
      )}
    </Card>
  );
}
