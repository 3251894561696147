import { data } from "react-router";
import { recordAnalyticsEvents } from "~/platform/analytics/index.server";
import { getOptionalUser, isProvenAdmin } from "~/platform/auth/index.server";
import { getI18n } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { EXPORTS_CHAIN, evidenceAbout, registerIssuedFiles } from "~/domain/evidence/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { signatureFingerprint } from "~/platform/lib/signing.server";
import { normaliseVerificationCode } from "./code";
import { ACHIEVEMENT_KEYS } from "./constants";
import { certificateWording } from "./wording.server";
import { openBadgeCredential } from "./credential.server";
import { renderCertificatePdf } from "./pdf.server";
import { type CertificateRecord, findCertificate, statusOf } from "./records.server";
import { dateTimeFormat } from "~/platform/lib/intl";

// What a holder keeps: the PDF and the Open Badges credential. Only the holder, or an admin who
// proved a second factor, may download them; anyone else learns nothing (404).

async function heldCertificate(request: Request, rawCode: string): Promise<CertificateRecord> {
  const notFound = () => data({ message: "No certificate matches this code" }, { status: 404 });
  const code = normaliseVerificationCode(rawCode);
  if (!code) throw notFound();
  const user = await getOptionalUser(request);
  if (!user) throw notFound();
  const record = await findCertificate(code);
  if (!record || (record.userId !== user.id && !(await isProvenAdmin(request)))) throw notFound();
  return record;
}

async function trackDownload(request: Request, format: "pdf" | "credential") {
  const { locale } = await getLocaleState(request);
  await recordAnalyticsEvents({
    events: [
      {
        name: "certificate_downloaded",
        properties: { format },
        path: new URL(request.url).pathname.slice(0, 200),
        locale,
      },
    ],
  });
}

const attachment = (type: string, filename: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${filename}"`,
  "Cache-Control": "private, no-store",
});

export async function downloadCertificatePdf(request: Request, rawCode: string) {
  const record = await heldCertificate(request, rawCode);
  const { locale } = await getLocaleState(request);
  const t = getI18n(locale).t;
  const date = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const { payload } = record;
  const status = statusOf(record);
  const pdf = await renderCertificatePdf({
    holderName: payload.holder.name,
    title: certificateWording(payload, locale).title,
    achievement: t(`training:${ACHIEVEMENT_KEYS[payload.achievement.kind]}`, {
      score: payload.achievement.score,
    }),
    issuedOn: date.format(new Date(payload.issuedAt)),
    madeAt: new Date(
      record.revokedAt ?? (status === "expired" ? payload.expiresAt : payload.issuedAt),
    ),
    expiresOn: date.format(new Date(payload.expiresAt)),
    verificationCode: record.code,
    verifyUrl: `${getEnv().APP_URL}/verify/${record.code}`,
    issuerName: payload.issuer.name,
    keyId: record.keyId,
    signatureFingerprint: signatureFingerprint(record.signature),
    status,
    language: locale,
    labels: t("training:certificates.pdf", { returnObjects: true }),
  });
  const name = `kestrel-certificate-${record.code}.pdf`;
  // The PDF's exact bytes go into the chain of the record of its issue, so the file itself verifies.
  const issued = await evidenceAbout("certificate-issued", `certificate:${record.code}`);
  await registerIssuedFiles({
    organisationId: issued?.organisationId ?? EXPORTS_CHAIN,
    userId: record.userId,
    files: [{ name, format: "pdf", bytes: pdf }],
    holds: issued ? [issued.evidenceId] : [],
    description: `Certificate ${record.code} (${status}) as PDF, ${locale}`,
  });
  await trackDownload(request, "pdf");
  return new Response(Buffer.from(pdf), { headers: attachment("application/pdf", name) });
}

export async function downloadCertificateCredential(request: Request, rawCode: string) {
  const record = await heldCertificate(request, rawCode);
  await trackDownload(request, "credential");
  return new Response(JSON.stringify(openBadgeCredential(record), null, 2), {
    headers: attachment("application/json", `kestrel-credential-${record.code}.json`),
  });
}
