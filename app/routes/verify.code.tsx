import { BadgeCheck, CircleAlert, Clock, SearchX } from "lucide-react";
import { data, href } from "react-router";
import { ACHIEVEMENT_KEYS, VerifyForm } from "~/domain/certificates";
import { verifyCertificateCode } from "~/domain/certificates/index.server";
import { addEnglishNamespaces, i18nForMatches, useLocale, useTranslation } from "~/platform/i18n";
import { apiErrorBody } from "~/platform/lib/api.server";
import { formatLongDate } from "~/platform/lib/dates";
import { requestInfoContext } from "~/platform/lib/request-context";
import { Card } from "~/platform/ui/card";
import training from "../../locales/en/training.json";
import type { Route } from "./+types/verify.code";

addEnglishNamespaces({ training });

// /verify/<code>: the public verification page (no sign-in, not indexed), in the visitor's language.
// Its loader logs the attempt (certificate_verification_attempted), as the JSON answer's does.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("training:certificates.verifyPage.title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await verifyCertificateCode(
    request,
    params.code,
    context.get(requestInfoContext).clientIp,
  );
  if (result.kind === "rate-limited") {
    throw data(apiErrorBody("rate_limited"), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.kind === "not-found") {
    return data({ certificate: null, code: params.code.slice(0, 64) }, { status: 404 });
  }
  return { certificate: result.certificate, code: result.certificate.code };
}

const TONES = {
  valid: { Icon: BadgeCheck, className: "border-emerald-600 bg-emerald-50 dark:bg-emerald-950" },
  expired: { Icon: Clock, className: "border-amber-600 bg-amber-50 dark:bg-amber-950" },
  revoked: { Icon: CircleAlert, className: "border-red-600 bg-red-50 dark:bg-red-950" },
};

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  const { locale } = useLocale();
  const { certificate } = loaderData;
  const date = (iso: string) => formatLongDate(locale, new Date(iso));
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {t("certificates.verifyPage.title")}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {t("certificates.verifyPage.intro")}
      </p>
      {!certificate ? (
        <Card className="mt-8" data-testid="verify-not-found">
          <SearchX aria-hidden="true" className="size-8 text-slate-500" />
          <h2 className="mt-2 text-xl font-bold">{t("certificates.verifyPage.notFound")}</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {t("certificates.verifyPage.notFoundBody")}
          </p>
        </Card>
      ) : (
        <VerifiedCard certificate={certificate} date={date} />
      )}
      <Card className="mt-8">
        <h2 className="mb-3 text-lg font-bold">{t("certificates.verifyPage.checkAnother")}</h2>
        <VerifyForm />
      </Card>
    </div>
  );
}

type Shown = NonNullable<Route.ComponentProps["loaderData"]["certificate"]>;

function VerifiedCard({
  certificate,
  date,
}: {
  certificate: Shown;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation("training");
  const { Icon, className } = TONES[certificate.status];
  const signature = certificate.signature;
  const rows: [string, string][] = [
    [t("certificates.verifyPage.holder"), certificate.holderName],
    [t("certificates.verifyPage.certificate"), certificate.title],
    [
      t("certificates.verifyPage.achievement"),
      t(ACHIEVEMENT_KEYS[certificate.achievement.kind], {
        score: certificate.achievement.score,
      }),
    ],
    [t("certificates.verifyPage.issued"), date(certificate.issuedAt)],
    [t("certificates.verifyPage.expires"), date(certificate.expiresAt)],
    [t("certificates.verifyPage.issuer"), certificate.issuer.name],
    [t("certificates.verifyPage.code"), certificate.code],
  ];
  let statusBody = t("certificates.verifyPage.validBody");
  if (certificate.status === "expired") {
    statusBody = t("certificates.verifyPage.expiredBody", { date: date(certificate.expiresAt) });
  } else if (certificate.status === "revoked") {
    statusBody = t("certificates.verifyPage.revokedBody", {
      date: date(certificate.revokedAt ?? certificate.issuedAt),
      reason: certificate.revocationReason ?? "",
    });
  }
  let signatureText = t("certificates.verifyPage.signatureValid", { keyId: signature.keyId });
  if (signature.check === "invalid") {
    signatureText = t("certificates.verifyPage.signatureInvalid", { keyId: signature.keyId });
  } else if (signature.check === "unknown-key") {
    signatureText = t("certificates.verifyPage.signatureUnknownKey", { keyId: signature.keyId });
  }
  return (
    <Card className="mt-8" data-testid="verify-result">
      <div className={`rounded-lg border-l-4 p-4 ${className}`}>
        <p className="flex items-center gap-2 text-xl font-bold" data-testid="verify-status">
          <Icon aria-hidden="true" className="size-6" />
          {t(`certificates.verifyPage.${certificate.status}`)}
        </p>
        <p className="mt-1">{statusBody}</p>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
        <dt className="font-medium text-slate-600 dark:text-slate-400">
          {t("certificates.verifyPage.signature")}
        </dt>
        <dd className="break-all" data-testid="verify-signature">
          {signatureText}
        </dd>
      </dl>
      <p className="mt-6 text-sm">
        <a className="underline" href={href("/api/certificates/:code", { code: certificate.code })}>
          {t("certificates.verifyPage.json")}
        </a>
      </p>
    </Card>
  );
}
