import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "~/platform/i18n";
import type { ReportingView } from "./types";

/**
 * How to report a scam in the learner's region (the region pack's quick reference), in the page's
 * language, with sources; their titles are English and marked so.
 */
export function ReportingGuide({ guide }: { guide: ReportingView }) {
  const { t } = useTranslation("training");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="module-reporting">
      <h3 id={headingId} lang={guide.titleLang} className="font-semibold">
        {guide.title}
      </h3>
      <ol lang={guide.stepsLang} className="mt-2 list-decimal space-y-1 pl-6">
        {guide.reportHow.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <p className="mt-3 text-sm">
        {t("module.sources")}:{" "}
        {guide.sources.map((source, index) => (
          <span key={source.url}>
            {index > 0 && " · "}
            <a href={source.url} className="underline" target="_blank" rel="noopener noreferrer">
              <span lang="en">{source.label}</span>
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3" />
            </a>
          </span>
        ))}
      </p>
    </section>
  );
}
