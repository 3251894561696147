import { keepDataAfterNetworkFailure } from "~/platform/lib/reply";
import { Suspense, lazy, useCallback, useContext, useEffect, useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs, useNavigate } from "react-router";
import { useTranslation, WithEnglish } from "~/platform/i18n";
import { useHydrated } from "~/platform/lib/hydrated";
import { numberFormat } from "~/platform/lib/intl";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { FreeForm } from "./free-form";
import { DEFAULT_JURISDICTION } from "./constants";
import { GuidedFlow } from "./guided-flow";
import { GuidedStageContext, guidedStage } from "./landing-steps";
import type { AmlPreview as Preview, ResultView } from "./types";
import { FdiCard, ResultCard } from "./result-card";

// SPEC §2 "AML live training preview": jurisdiction, pack details, guided flow or free-form,
// results, the scenario player (loaded when opened) and, for Canada, the Fraud Defense Index.

const ScenarioPlayer = lazy(() => import("./scenario-player"));

/** An amount of the case in its currency, written as the reader's language writes money. */
const money = (language: string, amount: number, currency: string) =>
  numberFormat(language, { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);

export function AmlPreview({ preview }: { preview: Preview }) {
  const { t, i18n } = useTranslation("aml");
  const navigate = useNavigate();
  const [guided, setGuided] = useState(true);
  const hydrated = useHydrated();
  const [playerOpen, setPlayerOpen] = useState(false);
  const { scenario, pack } = preview;
  const key = `${preview.jurisdiction}/${scenario?.id ?? ""}`;
  // A result just graded belongs to its scenario; another scenario shows its own last one. Each
  // graded submission starts the flow afresh (a new round), without the draft it came from.
  const [posted, setPosted] = useState<{ key: string; result: ResultView; round: number } | null>(
    null,
  );
  const result = posted?.key === key ? posted.result : preview.result;
  const round = posted?.key === key ? posted.round : 0;
  const showResult = useCallback(
    (next: ResultView) => {
      setPosted((current) => ({
        key,
        result: next,
        round: (current?.key === key ? current.round : 0) + 1,
      }));
      requestAnimationFrame(() => document.getElementById("aml-result-heading")?.focus());
    },
    [key],
  );

  // The landing's step indicator follows the learner: choosing, working, reading the feedback.
  const setStage = useContext(GuidedStageContext);
  const [working, setWorking] = useState(false);
  const stage = guidedStage({ working: guided && working, graded: Boolean(scenario && result) });
  useEffect(() => setStage?.(stage), [setStage, stage]);

  const choose = (params: Record<string, string>) =>
    void navigate(`?${new URLSearchParams(params).toString()}`, { preventScrollReset: true });

  return (
    <div data-testid="aml-preview">
      <Form method="get" className="flex flex-wrap items-end gap-4">
        <div className="max-w-full min-w-0">
          <label htmlFor="aml-jurisdiction" className="block text-sm font-medium">
            {t("jurisdiction.label")}
          </label>
          <select
            id="aml-jurisdiction"
            name="jurisdiction"
            className="focus-ring mt-1 max-w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
            value={preview.jurisdiction}
            onChange={(event) => choose({ jurisdiction: event.target.value })}
          >
            {preview.jurisdictions.map((id) => (
              <option key={id} value={id}>
                {t(`jurisdiction.${id}`)}
              </option>
            ))}
          </select>
        </div>
        {preview.scenarios.length > 0 && (
          <div className="max-w-full min-w-0">
            <label htmlFor="aml-scenario" className="block text-sm font-medium">
              {t("preview.scenario")}
            </label>
            <select
              id="aml-scenario"
              name="scenario"
              className="focus-ring mt-1 max-w-full rounded-lg border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
              value={scenario?.id}
              onChange={(event) =>
                choose({ jurisdiction: preview.jurisdiction, scenario: event.target.value })
              }
            >
              {preview.scenarios.map((option) => (
                <option key={option.id} value={option.id} lang={option.lang}>
                  {option.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <noscript>
          <Button type="submit" variant="secondary">
            {t("preview.show")}
          </Button>
        </noscript>
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            className="focus-ring h-4 w-4"
            checked={guided}
            // The switch is the page's scripts' to make: until they run, it waits.
            disabled={!hydrated}
            onChange={(event) => setGuided(event.target.checked)}
          />
          {t("guidedFlow")}
        </label>
      </Form>

      {pack ? (
        <p
          className="mt-4 flex flex-wrap gap-x-6 gap-y-1 rounded-lg bg-slate-100 px-4 py-2 text-sm dark:bg-slate-800"
          data-testid="pack-details"
        >
          <span>
            <span className="font-semibold">{t("preview.packDetails.regulator")}</span>{" "}
            {pack.regulator}
          </span>
          <span>
            <span className="font-semibold">{t("preview.packDetails.pack")}</span>{" "}
            <span lang={pack.lang}>{pack.title}</span>
          </span>
          <span>
            <span className="font-semibold">{t("preview.packDetails.version")}</span> {pack.version}
          </span>
          <span>
            <span className="font-semibold">{t("preview.packDetails.duration")}</span>{" "}
            {t("preview.packDetails.minutes", { count: pack.estimatedDuration })}
          </span>
        </p>
      ) : (
        <Card className="mt-4" role="status">
          {t("noPack", { region: t(`jurisdiction.${preview.jurisdiction}`) })}
        </Card>
      )}

      {pack && !scenario && (
        <Card className="mt-4" role="status">
          <p>{t("noScenarios", { region: t(`jurisdiction.${preview.jurisdiction}`) })}</p>
          {preview.jurisdiction !== DEFAULT_JURISDICTION && (
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => choose({ jurisdiction: DEFAULT_JURISDICTION })}
            >
              {t("loadSample")}
            </Button>
          )}
        </Card>
      )}

      {scenario && (
        <div key={key}>
          <Card className="mt-6" data-testid="scenario-card">
            <h3 lang={scenario.lang} className="text-xl font-bold">
              {scenario.title}
            </h3>
            <p lang={scenario.lang} className="mt-1 text-slate-700 dark:text-slate-300">
              {scenario.summary}
            </p>
            {scenario.narrative.map((paragraph) => (
              <p key={paragraph} lang={scenario.lang} className="mt-3">
                {paragraph}
              </p>
            ))}
            <dl className="mt-4 grid gap-4 md:grid-cols-2">
              <div>
                <dt className="font-semibold">{t("preview.customerProfile")}</dt>
                <dd>
                  <span lang={scenario.lang}>
                    {scenario.customerProfile.type} · {scenario.customerProfile.segment}
                  </span>
                  {scenario.customerProfile.pep && ` · ${t("preview.pep")}`}
                </dd>
                <dd lang={scenario.lang} className="mt-1 text-slate-700 dark:text-slate-300">
                  {scenario.customerProfile.details}
                </dd>
              </div>
              <div>
                <dt className="font-semibold">{t("preview.activity")}</dt>
                <dd>
                  {money(i18n.language, scenario.activity.amount, scenario.activity.currency)} ·{" "}
                  <span lang={scenario.lang}>{scenario.activity.pattern}</span>
                </dd>
                <dd lang={scenario.lang} className="mt-1 text-slate-700 dark:text-slate-300">
                  {scenario.activity.details}
                </dd>
              </div>
              <div>
                <dt className="font-semibold">{t("preview.role")}</dt>
                <dd>{t(`roles.${scenario.role}`)}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t("preview.records")}</dt>
                <dd lang={scenario.lang}>{scenario.artifactsRequired.join(", ")}</dd>
              </div>
            </dl>
            <h4 className="mt-4 font-semibold">{t("preview.questions")}</h4>
            <ul className="mt-1 list-disc pl-5">
              {scenario.questions.map((question) => (
                <li key={question.id}>
                  <span lang={scenario.lang}>{question.prompt}</span>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    <WithEnglish
                      sentence={(hint) => t("preview.hint", { hint })}
                      value={question.hint}
                      lang={scenario.lang}
                    />
                  </span>
                </li>
              ))}
            </ul>
            <Button variant="secondary" className="mt-4" onClick={() => setPlayerOpen(true)}>
              {t("preview.play")}
            </Button>
          </Card>

          {guided ? (
            <GuidedFlow
              key={round}
              preview={{ ...preview, scenario, draft: round === 0 ? preview.draft : null }}
              onResult={showResult}
              onWorking={setWorking}
            />
          ) : (
            <FreeForm
              preview={{ ...preview, scenario }}
              result={result?.mode === "freeform" ? result : null}
              onResult={showResult}
              onStart={() => setPlayerOpen(true)}
            />
          )}

          {result && <ResultCard result={result} signedIn={preview.signedIn} />}

          {playerOpen && (
            <Suspense fallback={<p role="status">{t("preview.loadingPlayer")}</p>}>
              <ScenarioPlayer
                preview={{ ...preview, scenario }}
                open={playerOpen}
                onOpenChange={setPlayerOpen}
                onResult={showResult}
              />
            </Suspense>
          )}
        </div>
      )}

      {preview.fdi && <FdiCard fdi={preview.fdi} />}
    </div>
  );
}

/** A draft save or a report draft changes nothing the page's loader reads: it is not read again. */
export function skipRevalidationForDrafts(args: ShouldRevalidateFunctionArgs) {
  const intent = args.formData?.get("intent");
  return intent === "save-draft" || intent === "draft-report"
    ? false
    : keepDataAfterNetworkFailure(args);
}
