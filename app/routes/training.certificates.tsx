import { keepDataAfterNetworkFailure, keepPageOnNetworkFailure } from "~/platform/lib/reply";
import { Award, Download, FileBadge, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, href } from "react-router";
import { track } from "~/platform/analytics";
import { HolderNameForm, StatusBadge, VerifyForm } from "~/domain/certificates";
import {
  openCertificatesPage,
  saveHolderNameAndIssue,
} from "~/workflows/issue-certificates.server";
import { i18nForMatches, useLocale, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { formatLongDate } from "~/platform/lib/dates";
import { ButtonLink, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/training.certificates";

// SPEC §2 "Certificates": the learner's signed certificates, the name they print, and the box
// that opens a certificate's public verification page.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("training:certificates.title")} | Kestrel` }];
};

export function loader({ request }: Route.LoaderArgs) {
  return openCertificatesPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  return saveHolderNameAndIssue(request, await readFormFields(request));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const name = String((await request.clone().formData()).get("name") ?? "");
  return keepPageOnNetworkFailure(serverAction, {
    error: { name, fields: { name: "errors:network" } },
  });
}

export const shouldRevalidate = keepDataAfterNetworkFailure;

export default function Certificates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  const { locale } = useLocale();
  useEffect(() => track("certificates_viewed"), []);
  const page = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("certificates.title")}</h1>
      {!page.signedIn ? (
        <Card className="mt-8" data-testid="certificates-signed-out">
          <h2 className="text-xl font-bold">{t("certificates.signedOutHeading")}</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {t("certificates.signedOutBody")}
          </p>
          <ButtonLink
            to={`${href("/login")}?${new URLSearchParams({ redirectTo: href("/training/certificates") })}`}
            className="mt-4"
          >
            {t("certificates.signIn")}
          </ButtonLink>
        </Card>
      ) : (
        <>
          {(page.holderName === null || page.certificates.length > 0 || actionData) && (
            <HolderNameForm
              pending={page.pending}
              state={{
                name:
                  actionData && !actionData.ok
                    ? actionData.error.name
                    : (page.holderName ?? page.suggestedName),
                error:
                  actionData && !actionData.ok ? (actionData.error.fields?.name ?? null) : null,
                saved: Boolean(actionData?.ok),
                issued: actionData?.ok ? actionData.issued : 0,
              }}
            />
          )}
          {/* Earned but waiting for the holder's name: the form above says so, not "none yet". */}
          {page.certificates.length === 0 && page.pending === 0 && (
            <Card className="mt-8 text-center" data-testid="certificates-empty">
              <Award aria-hidden="true" className="mx-auto size-10 text-brand-600" />
              <h2 className="mt-3 text-xl font-bold">{t("certificates.empty")}</h2>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                {t("certificates.emptyBody")}
              </p>
              <ButtonLink to={href("/training")} className="mt-6">
                {t("certificates.startTraining")}
              </ButtonLink>
            </Card>
          )}
          {page.certificates.length > 0 && (
            <ul className="mt-8 space-y-4">
              {page.certificates.map((certificate) => (
                <li key={certificate.code}>
                  <Card data-testid="certificate">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 className="text-lg font-bold">{certificate.title}</h2>
                      <StatusBadge
                        status={certificate.check.status}
                        signatureValid={certificate.check.signature === "valid"}
                      />
                    </div>
                    <p className="mt-1 text-slate-700 dark:text-slate-300">
                      {certificate.description}
                    </p>
                    <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
                      <div>
                        <dt className="sr-only">{t("certificates.verifyPage.issued")}</dt>
                        <dd>
                          {t("certificates.issued", {
                            date: formatLongDate(locale, new Date(certificate.issuedAt)),
                          })}
                        </dd>
                      </div>
                      <div>
                        <dt className="sr-only">{t("certificates.verifyPage.expires")}</dt>
                        <dd>
                          {t(
                            certificate.check.status === "expired"
                              ? "certificates.expiredOn"
                              : "certificates.expires",
                            { date: formatLongDate(locale, new Date(certificate.expiresAt)) },
                          )}
                        </dd>
                      </div>
                      <div className="sm:col-span-2">
                        <dt className="inline">{t("certificates.code")}: </dt>
                        <dd className="inline font-mono" data-testid="certificate-code">
                          {certificate.code}
                        </dd>
                      </div>
                    </dl>
                    <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                      {t("certificates.validity")}
                    </p>
                    <div className="mt-4 flex flex-wrap gap-2">
                      <a
                        href={href("/training/certificates/:code/pdf", { code: certificate.code })}
                        className={buttonClasses("primary")}
                        download
                      >
                        <Download aria-hidden="true" className="size-4" />
                        {t("certificates.download")}
                      </a>
                      <a
                        href={href("/training/certificates/:code/credential", {
                          code: certificate.code,
                        })}
                        className={buttonClasses("secondary")}
                        download
                      >
                        <FileBadge aria-hidden="true" className="size-4" />
                        {t("certificates.downloadCredential")}
                      </a>
                      <Link
                        to={href("/verify/:code", { code: certificate.code })}
                        className={buttonClasses("ghost")}
                      >
                        <ShieldCheck aria-hidden="true" className="size-4" />
                        {t("certificates.verify")}
                      </Link>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Card className="mt-8">
        <h2 className="mb-3 text-lg font-bold">{t("certificates.verifyHeading")}</h2>
        <VerifyForm />
      </Card>
    </div>
  );
}
