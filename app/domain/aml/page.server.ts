import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { getLearner, newTakeKey } from "~/domain/training/index.server";
import { evidenceAbout } from "~/domain/evidence/index.server";
import { learnerNameOf } from "./evidence.server";
import type { Locale } from "~/platform/i18n";
import { getLocaleState, packLanguage } from "~/platform/i18n/index.server";
import { wordsFor } from "./feedback-words.server";
import { reviewOf } from "./review.server";
import { FDI_SAMPLE, fdiInputOf, fraudDefenseIndex } from "./grading";
import {
  DEFAULT_JURISDICTION,
  JURISDICTIONS,
  type Jurisdiction,
  SIGNAL_CHIPS,
  type Rubric,
  type Scenario,
} from "./pack-schema";
import { resolveSource } from "./packs";
import { citationChoices } from "./citations";
import { getPack, knownSources, packIn } from "./packs.server";
import {
  AML_LIMITS,
  AUTOSAVE_SECONDS,
  GUIDED_VERSION,
  ResponsesSchema,
  type StoredResult,
  jurisdictionParam,
  resultView,
} from "./posts.server";
import type { AmlPreview, DraftView, ResultView, ScenarioView } from "./types";
import { draftRow } from "./drafts.server";

// The AML page's data: a pack, a scenario (no answer key before a submission), draft, result, FDI.

function notFound(): never {
  throw data({ notFound: "scenario" }, { status: 404 });
}

/** A case as the page shows it: in the reader's language where translated (`shown`). */
function scenarioView(
  scenario: Scenario,
  shown: Scenario,
  lang: string,
  rubric: Rubric,
): ScenarioView {
  // The choices' order is the English one, which the grader's citation numbers follow.
  const sources = citationChoices(scenario, rubric).map((choice) => {
    const index = scenario.sources.indexOf(choice.ref);
    const ref = index === -1 ? choice.ref : (shown.sources[index] ?? choice.ref);
    return { ...resolveSource(knownSources, ref), lang: index === -1 ? "en" : lang };
  });
  return {
    id: shown.id,
    lang,
    title: shown.title,
    summary: shown.summary,
    narrative: shown.narrative,
    objectives: shown.objectives,
    role: shown.role,
    version: shown.version,
    customerProfile: shown.customerProfile,
    activity: shown.activity,
    artifactsRequired: shown.artifactsRequired,
    questions: shown.questions,
    sources,
    stages: shown.stages,
    branches: shown.branches.map(({ id, from, condition, consequence, nextScenario }) => ({
      id,
      from,
      condition,
      consequence,
      nextScenario,
    })),
  };
}

/** Which pack and scenario the request names: unknown ones are a 404, absent ones the defaults. */
function chosen(url: URL, region: string | null) {
  const rawJurisdiction = url.searchParams.get("jurisdiction");
  // Absent, the pack of the region the reader chose where there is one (a Thai reader starts on
  // Thailand's), else the sample (SPEC §3).
  const fallback = JURISDICTIONS.find((id) => id === region) ?? DEFAULT_JURISDICTION;
  const parsed = jurisdictionParam.safeParse(rawJurisdiction ?? fallback);
  if (!parsed.success) notFound();
  const jurisdiction = parsed.data;
  const pack = getPack(jurisdiction);
  const rawScenario = url.searchParams.get("scenario");
  if (rawScenario === null) return { jurisdiction, pack, scenario: pack?.scenarios[0] ?? null };
  const scenario = pack?.scenarios.find((candidate) => candidate.id === rawScenario);
  if (!scenario) notFound();
  return { jurisdiction, pack, scenario };
}

export async function loadAmlPreview(request: Request): Promise<AmlPreview> {
  const url = new URL(request.url);
  const [learner, { locale, region, regionChosen }] = await Promise.all([
    getLearner(request),
    getLocaleState(request),
  ]);
  const { jurisdiction, pack, scenario } = chosen(url, regionChosen ? region : null);
  const [draft, result, fdi] = await Promise.all([
    learner.id && scenario && pack
      ? readDraft(learner.id, jurisdiction, scenario.id, pack.config.version)
      : null,
    learner.id && scenario && pack
      ? latestResult(locale, learner.id, jurisdiction, scenario)
      : null,
    jurisdiction === "ca" && pack ? fdiOf(learner.id, pack.scenarios.length) : null,
  ]);
  const read = pack && packIn(jurisdiction, packLanguage(locale));
  const shown = read?.scenarios.find((candidate) => candidate.id === scenario?.id);
  return {
    jurisdictions: JURISDICTIONS,
    jurisdiction,
    pack: read
      ? {
          lang: read.lang,
          title: read.config.title,
          regulator: read.config.regulator,
          version: read.config.version,
          description: read.config.metadata.description,
          estimatedDuration: read.config.metadata.estimatedDuration,
        }
      : null,
    scenarios:
      read?.scenarios.map(({ id, title }) => ({ id, title, lang: read.caseLang[id] ?? "en" })) ??
      [],
    scenario:
      scenario && shown && read
        ? scenarioView(scenario, shown, read.caseLang[scenario.id] ?? "en", read.rubric)
        : null,
    draft,
    result,
    fdi,
    chips: SIGNAL_CHIPS,
    signedIn: learner.kind === "user",
    opened: newTakeKey(),
    limits: AML_LIMITS,
    guidedVersion: GUIDED_VERSION,
    autosaveSeconds: AUTOSAVE_SECONDS,
  };
}

async function readDraft(
  learnerId: string,
  jurisdiction: Jurisdiction,
  scenarioId: string,
  packVersion: string,
): Promise<DraftView | null> {
  const row = await draftRow(learnerId, jurisdiction, scenarioId);
  if (!row) return null;
  const parsed = ResponsesSchema.safeParse(JSON.parse(row.responses));
  if (!parsed.success) return null;
  return {
    step: row.step,
    responses: parsed.data,
    savedAt: row.saved_at,
    editedAt: row.edited_at,
    stale: row.pack_version !== packVersion,
  };
}

async function latestResult(
  locale: Locale,
  learnerId: string,
  jurisdiction: Jurisdiction,
  scenario: Scenario,
): Promise<ResultView | null> {
  const row = await getDb()
    .selectFrom("aml_attempt")
    .select(["id", "mode", "result", "created_at"])
    .where("learner_id", "=", learnerId)
    .where("jurisdiction", "=", jurisdiction)
    .where("scenario_id", "=", scenario.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.result) as StoredResult;
  const subject = `aml-attempt:${row.id}`;
  const [record, attestation, review] = await Promise.all([
    evidenceAbout("aml-attempt", subject),
    evidenceAbout("aml-attestation", subject),
    reviewOf(row.id),
  ]);
  return resultView(
    { id: row.id, mode: row.mode, createdAt: row.created_at },
    scenario,
    stored,
    record && {
      evidenceId: record.evidenceId,
      attestationId: attestation?.evidenceId ?? null,
      learnerName: await learnerNameOf(record),
    },
    await wordsFor(locale),
    review,
  );
}

async function fdiOf(learnerId: string | null, totalScenarios: number): Promise<AmlPreview["fdi"]> {
  const rows = learnerId
    ? await getDb()
        .selectFrom("aml_attempt")
        .select([
          "scenario_id",
          "mode",
          "score",
          "requires_escalation",
          "escalated_in_time",
          "complete_record",
          "created_at",
        ])
        .where("learner_id", "=", learnerId)
        .where("jurisdiction", "=", "ca")
        .execute()
    : [];
  const input =
    rows.length === 0
      ? FDI_SAMPLE
      : fdiInputOf(
          rows.map((row) => ({
            scenarioId: row.scenario_id,
            mode: row.mode,
            score: Number(row.score),
            requiresEscalation: row.requires_escalation === 1,
            escalatedInTime: row.escalated_in_time === null ? null : row.escalated_in_time === 1,
            completeRecord: row.complete_record === 1,
            createdAt: row.created_at,
          })),
          totalScenarios,
        );
  return { ...input, ...fraudDefenseIndex(input), sample: rows.length === 0 };
}
