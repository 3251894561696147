import { getInputProps, type useForm } from "@conform-to/react";
import type { z } from "zod";
import type { Ref } from "react";
import { CheckCircle2 } from "lucide-react";
import { Link, href } from "react-router";
import { addEnglishNamespaces, useFieldMessage, useRegion, useTranslation } from "~/platform/i18n";
import { track } from "~/platform/analytics";
import { brand } from "~/platform/lib/brand";
import { buttonClasses } from "~/platform/ui/button";
import { FieldError, FormField, controlClass } from "~/platform/ui/field";
import forms from "../../../locales/en/forms.json";
import validation from "../../../locales/en/validation.json";
import type { WaitlistSchema } from "./schema";

// The waitlist comes to a page in its own chunk, with its texts.
addEnglishNamespaces({ forms, validation });

const FREE_MAIL =
  /@(gmail|googlemail|yahoo|ymail|hotmail|outlook|live|icloud|me|aol|proton|protonmail|qq|163)\./i;

/** Each field and its label in the `forms` dictionary. */
const FIELDS = [
  ["name", "fullName"],
  ["email", "workEmail"],
  ["company", "company"],
  ["role", "role"],
] as const;

type Fields = ReturnType<typeof useForm<z.input<typeof WaitlistSchema>>>[1];

/** The waitlist's fields (SPEC §3), with the region's consent text: shared by the dialog and the page form. */
export function WaitlistFields({
  fields,
  nameRef,
  email,
}: {
  fields: Fields;
  nameRef?: Ref<HTMLInputElement>;
  /** The email typed so far, to suggest giving a role when it is a personal address (SPEC §5). */
  email: string;
}) {
  const { t } = useTranslation("forms");
  const message = useFieldMessage();
  const region = useRegion().pack.region.id;
  const personalEmail = FREE_MAIL.test(email);
  const consentError = message(fields.consent.errors);
  return (
    <>
      {FIELDS.map(([name, label]) => {
        const field = fields[name];
        return (
          <FormField
            key={name}
            field={field}
            message={message}
            label={t(label)}
            hint={name === "email" && personalEmail ? t("waitlist.personalEmailHint") : undefined}
          >
            <input
              {...getInputProps(field, { type: name === "email" ? "email" : "text" })}
              key={field.key}
              ref={name === "name" ? nameRef : undefined}
              required
              autoComplete={
                {
                  name: "name",
                  email: "email",
                  company: "organization",
                  role: "organization-title",
                }[name]
              }
              className={controlClass}
            />
          </FormField>
        );
      })}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={fields.website.id}>{t("waitlist.honeypot")}</label>
        <input
          {...getInputProps(fields.website, { type: "text" })}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            {...getInputProps(fields.consent, { type: "checkbox" })}
            className="focus-ring mt-1 size-4"
          />
          <span>
            {t(`waitlist.regions.${region}.privacy`)} {t("waitlist.consentTerms")}{" "}
            <Link to={href("/privacy")} className="underline" target="_blank">
              {t("consentPrivacyLink")}
            </Link>
            {" · "}
            <Link to={href("/terms")} className="underline" target="_blank">
              {t("consentTermsLink")}
            </Link>
          </span>
        </label>
        {consentError ? <FieldError id={fields.consent.errorId}>{consentError}</FieldError> : null}
      </div>
    </>
  );
}

/** A region's warning against sensitive personal data, where its law calls for one (Thailand). */
export function SensitiveDataNotice() {
  const { t, i18n } = useTranslation("forms");
  const key = `waitlist.regions.${useRegion().pack.region.id}.sensitiveDataNotice`;
  if (!i18n.exists(key, { ns: "forms" })) return null;
  const notice = t(key as "waitlist.regions.th.sensitiveDataNotice");
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      {notice}
    </p>
  );
}

/** SPEC §2: after joining, Book a Demo (/demo) or Explore Enterprise (the landing page). */
export function WaitlistSuccess({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation("forms");
  return (
    <div className="mt-4 text-center" role="status">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-emerald-600" />
      <p className="mt-3 text-lg font-semibold">{t("waitlist.success")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={href("/demo")}
          className={buttonClasses("primary")}
          onClick={() => {
            track("waitlist_success_demo_click");
            onLeave?.();
          }}
        >
          {t("waitlist.bookDemo")}
        </Link>
        <Link
          to={brand.homePath}
          className={buttonClasses("secondary")}
          onClick={() => {
            track("waitlist_success_explore_click");
            onLeave?.();
          }}
        >
          {t("waitlist.exploreEnterprise")}
        </Link>
      </div>
    </div>
  );
}
