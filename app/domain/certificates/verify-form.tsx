import { Form, href } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { controlClass } from "~/platform/ui/field";
import { normaliseVerificationCode } from "./code";

/** The verification box: a GET form to /verify, so it opens the public page with or without JS. */
export function VerifyForm({ defaultCode = "" }: { defaultCode?: string }) {
  const { t } = useTranslation("training");
  return (
    <Form
      method="get"
      action={href("/verify")}
      // The address carries the code in its one form ("verify-upz 050860" is VERIFY-UPZ050860), as
      // /verify writes it for a form posted without JavaScript.
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem("code");
        if (!(input instanceof HTMLInputElement)) return;
        input.value = normaliseVerificationCode(input.value) ?? input.value.trim();
      }}
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
