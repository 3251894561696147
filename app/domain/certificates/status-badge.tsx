import { BadgeCheck, CircleAlert, Clock } from "lucide-react";
import { useTranslation } from "~/platform/i18n";
import type { CertificateStatus } from "./constants";

const STYLES = {
  verified: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  revoked: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** VERIFIED only when the signature checks and the certificate is neither expired nor revoked. */
export function StatusBadge({
  status,
  signatureValid,
}: {
  status: CertificateStatus;
  signatureValid: boolean;
}) {
  const { t } = useTranslation("training");
  let style = STYLES.verified;
  let label = t("certificates.verified");
  let Icon = BadgeCheck;
  if (status === "revoked" || !signatureValid) {
    style = STYLES.revoked;
    label = status === "revoked" ? t("certificates.revokedBadge") : t("certificates.invalidBadge");
    Icon = CircleAlert;
  } else if (status === "expired") {
    style = STYLES.expired;
    label = t("certificates.expiredBadge");
    Icon = Clock;
  }
  return (
    <span
      data-testid="certificate-status"
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${style}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
