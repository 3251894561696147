import { brand } from "~/platform/lib/brand";
import { Button, ButtonLink } from "~/platform/ui/button";
import { ErrorCard } from "~/platform/ui/error-card";
import { errorCodeForStatus } from "./status-messages";
import { useTranslation } from "~/platform/i18n";

export function NotFoundCard() {
  const { t } = useTranslation("errors");
  return (
    <ErrorCard
      title={t("notFound.title")}
      body={t("notFound.body")}
      action={<ButtonLink to={brand.homePath}>{t("notFound.home")}</ButtonLink>}
    />
  );
}

/** SPEC §8 "render crash": shown until the page is reloaded. */
export function CrashScreen() {
  const { t } = useTranslation("errors");
  return (
    <ErrorCard
      title={t("crash.title")}
      body={t("crash.body")}
      action={<Button onClick={() => window.location.reload()}>{t("crash.refresh")}</Button>}
    />
  );
}

/** A thrown response: the status with its SPEC §8 message. */
export function StatusScreen({ status }: { status: number }) {
  const { t } = useTranslation("errors");
  if (status === 404) return <NotFoundCard />;
  return (
    <ErrorCard
      title={t("status.title", { status })}
      body={t(errorCodeForStatus(status))}
      action={<ButtonLink to={brand.homePath}>{t("status.home")}</ButtonLink>}
    />
  );
}
