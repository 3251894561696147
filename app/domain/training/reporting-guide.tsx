import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { type RegionPack, useTranslation } from "~/platform/i18n";

/** How to report a scam in the learner's region (the region pack's quick reference), with sources. */
export function ReportingGuide({ guide }: { guide: RegionPack["quickref"] }) {
  const { t } = useTranslation("training");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="module-reporting">
      <h3 id={headingId} className="font-semibold">
        {guide.title}
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-6">
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
              {source.label}
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3" />
            </a>
          </span>
        ))}
      </p>
    </section>
  );
}
