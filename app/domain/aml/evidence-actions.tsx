import { type ReactNode, useId, useState } from "react";
import { Link, href, useFetcher, useLocation } from "react-router";
import { track } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { Button, buttonClasses } from "~/platform/ui/button";
import { Field, controlClass } from "~/platform/ui/field";
import { HOLDER_NAME_MAX } from "~/domain/certificates";
import { type AmlActionData, ErrorList } from "./guided-flow";
import type { ResultView } from "./types";

// Save Evidence and the kit's downloads, under a graded attempt. The learner confirms the work is
// their own first; a guest is asked to sign in (evidence belongs to an organisation's record).

const FORMATS = [
  { format: "pdf", label: "evidence.exportPdf" },
  { format: "csv", label: "evidence.exportCsv" },
  { format: "json", label: "evidence.downloadJson" },
] as const;

/** The exports shown, disabled, until the evidence is saved. */
export const PENDING_EXPORTS = ["evidence.exportPdf", "evidence.exportCsv"] as const;

/** Where a sentence's {{link}} goes: a character no text carries, split on after translating. */
const LINK = "\uE000";

function withLink(text: string, link: ReactNode) {
  const [before = "", after = ""] = text.split(LINK);
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

export function EvidenceActions({
  result,
  signedIn,
  report,
}: {
  result: ResultView;
  signedIn: boolean;
  report?: { title: string; content: string } | null;
}) {
  const { t } = useTranslation("aml");
  const fetcher = useFetcher<AmlActionData>();
  const location = useLocation();
  const [attested, setAttested] = useState(false);
  const checkboxId = useId();
  const saved =
    fetcher.data && "evidenceSaved" in fetcher.data
      ? fetcher.data.evidenceSaved.evidenceId
      : (result.evidence?.attestationId ?? null);
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;

  if (!signedIn) {
    return (
      <p className="mt-4 text-sm">
        {withLink(
          t("evidence.signIn", { link: LINK }),
          <Link
            to={`${href("/login")}?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`}
            className="focus-ring font-semibold underline"
          >
            {t("evidence.signInLink")}
          </Link>,
        )}
      </p>
    );
  }
  if (!result.evidence) {
    return (
      <p className="mt-4 text-sm" role="status">
        {t("evidence.noRecord")}
      </p>
    );
  }
  if (saved) {
    return (
      <div className="mt-4" data-testid="evidence-saved">
        <p className="font-semibold">
          {t("evidence.saved")} <span className="font-mono">{saved}</span>
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {FORMATS.map(({ format, label }) => (
            <a
              key={format}
              href={href("/training/evidence/:evidenceId/:format", { evidenceId: saved, format })}
              download
              className={buttonClasses("secondary")}
              onClick={() => track("evidence_exported", { format, evidenceId: saved })}
            >
              {t(label)}
            </a>
          ))}
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {withLink(
            t("evidence.verify", { link: LINK }),
            <Link to={href("/evidence/verify")} className="focus-ring underline">
              /evidence/verify
            </Link>,
          )}
        </p>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="mt-4" data-testid="save-evidence">
      <input type="hidden" name="intent" value="save-evidence" />
      <input type="hidden" name="attempt" value={result.attemptId} />
      {report && (
        <>
          <input type="hidden" name="reportTitle" value={report.title} />
          <input type="hidden" name="reportContent" value={report.content} />
        </>
      )}
      {result.evidence.learnerName ? null : (
        // The error itself is told in the list under the form.
        <div className="mb-3 max-w-md">
          <Field
            label={t("evidence.nameLabel")}
            htmlFor={`${checkboxId}-name`}
            hint={<span id={`${checkboxId}-name-hint`}>{t("evidence.nameHint")}</span>}
          >
            <input
              id={`${checkboxId}-name`}
              name="learnerName"
              required
              maxLength={HOLDER_NAME_MAX}
              autoComplete="name"
              aria-describedby={`${checkboxId}-name-hint`}
              aria-invalid={error?.fields?.learnerName ? true : undefined}
              className={controlClass}
            />
          </Field>
        </div>
      )}
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          name="attest"
          className="focus-ring h-4 w-4"
          checked={attested}
          onChange={(event) => setAttested(event.target.checked)}
        />
        <label htmlFor={checkboxId}>{t("evidence.attest")}</label>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="submit" disabled={!attested || fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? t("evidence.saving") : t("evidence.save")}
        </Button>
        {PENDING_EXPORTS.map((label) => (
          <Button key={label} variant="secondary" disabled aria-describedby={`${checkboxId}-note`}>
            {t(label)}
          </Button>
        ))}
      </div>
      <p id={`${checkboxId}-note`} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t("evidence.exportNote")}
      </p>
      {error && <ErrorList error={error} />}
    </fetcher.Form>
  );
}
