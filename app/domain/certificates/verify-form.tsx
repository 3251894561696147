import { Form, href } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { controlClass } from "~/platform/ui/field";

/** The verification box: a GET form to /verify, so it opens the public page with or without JS. */
export function VerifyForm({ defaultCode = "" }: { defaultCode?: string }) {
  const { t } = useTranslation("training");
  return (
    <Form
      method="get"
      action={href("/verify")}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <label htmlFor="verify-code" className="text-sm font-medium">
          {t("certificates.verifyLabel")}
        </label>
        <input
          id="verify-code"
          name="code"
          required
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          defaultValue={defaultCode}
          placeholder={t("certificates.verifyPlaceholder")}
          className={`${controlClass} font-mono uppercase`}
        />
      </div>
      <Button type="submit">{t("certificates.verifyButton")}</Button>
    </Form>
  );
}
