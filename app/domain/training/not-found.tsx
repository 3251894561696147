import { href, isRouteErrorResponse, useRouteError } from "react-router";
import { CrashScreen, StatusScreen } from "~/platform/shell";
import { useTranslation } from "~/platform/i18n";
import { ButtonLink } from "~/platform/ui/button";
import { ErrorCard } from "~/platform/ui/error-card";

/** SPEC §8: 'Track Not Found' / 'Module Not Found' with the way back to /training. */
export function TrainingNotFound({ what }: { what: "track" | "module" | "lease" }) {
  const { t } = useTranslation("training");
  return (
    <ErrorCard
      title={t(`${what}.notFound`)}
      body={t(`${what}.notFoundBody`)}
      action={<ButtonLink to={href("/training")}>{t("module.backToTraining")}</ButtonLink>}
    />
  );
}

/** What a training loader's 404 names as missing. */
export function missingOf(payload: unknown): "track" | "module" | "lease" {
  const named =
    typeof payload === "object" && payload !== null && "notFound" in payload
      ? payload.notFound
      : null;
  if (named === "track") return "track";
  return named === "scenario" ? "lease" : "module";
}

/** The error boundary of the training pages: their own 404 texts, the shell's screens otherwise. */
export function TrainingErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <TrainingNotFound what={missingOf(error.data)} />;
  }
  if (isRouteErrorResponse(error)) return <StatusScreen status={error.status} />;
  return <CrashScreen />;
}
