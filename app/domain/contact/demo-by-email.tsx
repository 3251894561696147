import { useTranslation } from "~/platform/i18n";
import { brand } from "~/platform/lib/brand";
import { RevealEmail } from "~/platform/ui/reveal-email";

const FIELDS = [
  "name",
  "email",
  "company",
  "jobTitle",
  "companySize",
  "useCase",
  "preferredTime",
  "details",
] as const;

/**
 * SPEC §4 "Email reveal" on the demo form: a show/hide toggle (a disclosure, so it works before the
 * scripts run), then a second click shows the address, which opens the mail client with what the
 * form holds as the subject and body.
 */
export function DemoByEmail({ values }: { values: Record<string, unknown> }) {
  const { t } = useTranslation(["demo", "common"]);
  const [user = "", domain = ""] = brand.emails.hello.split("@");
  const text = (name: string) =>
    typeof values[name] === "string" ? String(values[name]).trim() : "";
  // A choice reads as its label, as the form showed it.
  const shown = (name: (typeof FIELDS)[number]) => {
    const value = text(name);
    if (!value) return value;
    if (name === "useCase") return t(`useCases.${value}` as never);
    if (name === "companySize") return t(`companySizes.${value}` as never);
    if (name === "preferredTime") return t(`preferredTimes.${value}` as never);
    return value;
  };
  const lines = FIELDS.flatMap((name) =>
    shown(name) ? [`${t(`form.${name}`)}: ${shown(name)}`] : [],
  );
  const company = text("company");
  return (
    <details className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
      <summary className="focus-ring w-fit cursor-pointer rounded font-medium text-brand-700 dark:text-brand-300">
        {t("byEmail.show")}
      </summary>
      <div className="mt-2 text-slate-700 dark:text-slate-300">
        <p>{t("byEmail.body")}</p>
        <p className="mt-2">
          <RevealEmail
            user={user}
            domain={domain}
            label={t("common:revealEmail")}
            subject={company ? t("byEmail.subjectFor", { company }) : t("byEmail.subject")}
            body={lines.join("\n")}
          />
        </p>
      </div>
    </details>
  );
}
