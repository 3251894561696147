import { useTranslation } from "~/platform/i18n";
import { Card } from "~/platform/ui/card";
import type { PlayerData } from "./types";
import { ReportingGuide } from "./reporting-guide";
import { CitedText, SourceNotes } from "./cited-text";

/** Before the first step: what the module teaches; for the scam scenarios, how to report locally. */
export function ModuleIntro({ player }: { player: PlayerData }) {
  const { t } = useTranslation("training");
  const { module, reporting } = player;
  return (
    <Card className="mt-6" data-testid="module-intro">
      <h2 className="text-xl font-bold">{t("module.intro")}</h2>
      {module.intro.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed">
          <CitedText text={paragraph} notes={module.introSources} scope="intro" />
        </p>
      ))}
      <SourceNotes notes={module.introSources} scope="intro" />
      <h3 className="mt-5 font-semibold">{t("module.objectives")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {module.objectives.map((objective) => (
          <li key={objective}>{objective}</li>
        ))}
      </ul>
      {reporting && (
        <div className="mt-6">
          <ReportingGuide guide={reporting} />
        </div>
      )}
    </Card>
  );
}
