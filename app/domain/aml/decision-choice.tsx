import { useTranslation } from "~/platform/i18n";
import { DECISIONS, type Decision } from "./constants";

/** The decision of record, as radio buttons: the guided flow's step and the free-form mode's. */
export function DecisionChoice({
  name,
  value,
  onChange,
  describedBy,
}: {
  name: string;
  value: Decision | "";
  onChange: (decision: Decision) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation("aml");
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-medium">{t("guided.decision")}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {DECISIONS.map((decision) => (
          <label key={decision} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              className="focus-ring h-4 w-4"
              value={decision}
              checked={value === decision}
              onChange={() => onChange(decision)}
            />
            {t(`decisions.${decision}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
