import { ExternalLink } from "lucide-react";
import { useTranslation } from "~/features/i18n";
import { Card } from "~/ui/card";
import type { PlayerData } from "./player.server";

/** Before the first step: what the module teaches; for the scam scenarios, how to report locally. */
export function ModuleIntro({ player }: { player: PlayerData }) {
  const { t } = useTranslation("training");
  const { module, reporting } = player;
  return (
    <Card className="mt-6" data-testid="module-intro">
      <h2 className="text-xl font-bold">{t("module.intro")}</h2>
      {module.intro.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed">
          {paragraph}
        </p>
      ))}
      <h3 className="mt-5 font-semibold">{t("module.objectives")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {module.objectives.map((objective) => (
          <li key={objective}>{objective}</li>
        ))}
      </ul>
      {reporting && (
        <section
          className="mt-6"
          aria-labelledby="reporting-heading"
          data-testid="module-reporting"
        >
          <h3 id="reporting-heading" className="font-semibold">
            {reporting.title}
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {reporting.reportHow.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className="mt-3 text-sm">
            {t("module.sources")}:{" "}
            {reporting.sources.map((source, index) => (
              <span key={source.url}>
                {index > 0 && " · "}
                <a
                  href={source.url}
                  className="underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {source.label}
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3" />
                </a>
              </span>
            ))}
          </p>
        </section>
      )}
    </Card>
  );
}
