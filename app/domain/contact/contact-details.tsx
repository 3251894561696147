import { Clock, Globe2, Mail } from "lucide-react";
import { useTranslation } from "~/platform/i18n";
import { brand } from "~/platform/lib/brand";
import { Card } from "~/platform/ui/card";
import { RevealEmail } from "~/platform/ui/reveal-email";

/** The contact page's other ways to reach us, beside the form. */
export function ContactDetails() {
  const { t } = useTranslation(["contact", "errors"]);
  const [emailUser = "", emailDomain = ""] = brand.emails.hello.split("@");
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t("details.heading")}</h2>
      <div className="mt-4 space-y-4">
        <div className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
          <dl>
            <dt className="text-sm text-slate-500 dark:text-slate-400">
              {t("details.emailLabel")}
            </dt>
            <dd>
              <RevealEmail
                user={emailUser}
                domain={emailDomain}
                label={t("details.revealEmail")}
                subject={t("details.mailSubject")}
              />
            </dd>
          </dl>
        </div>
        <div className="flex gap-3">
          <Globe2 aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
          <dl>
            <dt className="text-sm text-slate-500 dark:text-slate-400">
              {t("details.regionLabel")}
            </dt>
            <dd>{t("details.region")}</dd>
          </dl>
        </div>
      </div>
      <p className="mt-4 flex gap-3 text-slate-700 dark:text-slate-300">
        <Clock aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
        {t("quickResponse")}
      </p>
    </Card>
  );
}
