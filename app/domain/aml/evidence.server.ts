import {
  type EvidencePayload,
  type StoredEvidence,
  openRecord,
} from "~/domain/evidence/index.server";
import { type AttemptMode, FLOOR_NOTE, type Grade, type PlayerStep } from "./grading";
import type { Pack } from "./packs";
import { resolveSource } from "./packs";
import { knownSources } from "./packs.server";
import type { Scenario } from "./pack-schema";

// What an AML attempt's evidence record holds (issue "Evidence"): the pack's export-kit items, in
// the pack's order. The learner's attestation is a record of its own, made when they confirm it.

export const ATTESTATION = "This analysis is my own work";

export interface AttemptFacts {
  attemptId: number;
  mode: AttemptMode;
  learner: { name: string; email: string };
  /** The learner's steps: their answers, or the choices they made in the player. */
  actions: { action: string; value: string }[];
  grade: Grade;
  /** The grade's feedback lines as English sentences: the record is read as English. */
  said: (line: Grade["details"][number]["explanation"][number]) => string;
  player: { findings: number; passed: boolean; steps: PlayerStep[] } | null;
  at: Date;
  /** From the page being served to the submission, by the server's clock; null when unknown. */
  timeOnTask: Record<string, unknown> | null;
}

/** The learner's name as an attempt's record signs it ("" when the account had none, or erased). */
export async function learnerNameOf(record: StoredEvidence): Promise<string> {
  const { view } = await openRecord(record);
  const learner = view.envelope.payload.content.learner as { name?: unknown } | undefined;
  return typeof learner?.name === "string" ? learner.name : "";
}

function retainUntil(at: Date, years: number): string {
  const until = new Date(at);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until.toISOString().slice(0, 10);
}

/** The evidence payload of a graded attempt. */
export function attemptPayload(
  pack: Pack,
  scenario: Scenario,
  facts: AttemptFacts,
): EvidencePayload {
  const { retention } = pack.config.exportKit;
  const items: Record<string, unknown> = {
    scenarioSnapshot: {
      id: scenario.id,
      title: scenario.title,
      version: scenario.version,
      role: scenario.role,
      summary: scenario.summary,
      customerProfile: scenario.customerProfile,
      activity: scenario.activity,
      redFlags: scenario.redFlags,
    },
    learnerActions: facts.actions,
    gradingSummary: {
      score: facts.grade.score,
      percent: facts.grade.percent,
      band: facts.grade.band,
      ...(facts.grade.grader && { grader: facts.grade.grader }),
      // The rubric graded against, with its review date: an examiner sees a grade given under a
      // rubric past its review.
      rubric: {
        id: pack.rubric.id,
        version: pack.rubric.version,
        reviewDue: pack.rubric.review_due,
      },
      criteria: facts.grade.details.map((detail) => ({
        criterion: detail.criterion,
        label: detail.label,
        earned: detail.earned,
        maxScore: detail.maxScore,
        weight: detail.weight,
        passed: detail.passed,
        explanation: detail.explanation.map(facts.said),
      })),
      penalties: facts.grade.penalties.map((penalty) => ({
        kind: penalty.kind,
        multiplier: penalty.multiplier,
        description: penalty.description,
      })),
      ...(facts.grade.floor?.raised && {
        floor: { score: facts.grade.floor.score, description: FLOOR_NOTE },
      }),
      player: facts.player && {
        findings: facts.player.findings,
        passed: facts.player.passed,
      },
    },
    // The case names its artefacts; the training shows none of them as a document to open, so
    // none is recorded as reviewed.
    artifacts: scenario.artifactsRequired.map((name) => ({ name, openedInTraining: false })),
    attestation: { statement: ATTESTATION, confirmed: false },
    complianceMapping: [
      ...pack.rubric.criteria.map((criterion) => ({
        criterion: criterion.id,
        label: criterion.label,
        ...resolveSource(knownSources, criterion.regulatoryAnchor),
      })),
      ...scenario.sources.map((source) => ({
        criterion: null,
        label: "Scenario source",
        ...resolveSource(knownSources, source),
      })),
    ],
    retention: {
      recordRetentionYears: retention.recordRetentionYears,
      ...(retention.productionDays ? { productionDays: retention.productionDays } : {}),
      retainUntil: retainUntil(facts.at, retention.recordRetentionYears),
      basis: retention.basis.text,
      ...(retention.basis.source
        ? { basisUrl: knownSources[retention.basis.source]?.url ?? "" }
        : {}),
    },
  };
  const content: Record<string, unknown> = {
    attempt: { id: facts.attemptId, mode: facts.mode },
    learner: facts.learner,
    pack: { id: pack.config.id, title: pack.config.title, regulator: pack.config.regulator },
    timeOnTask: facts.timeOnTask,
  };
  for (const item of pack.config.exportKit.include) content[item] = items[item];
  return {
    jurisdiction: scenario.jurisdiction,
    mode: facts.mode,
    packVersion: pack.config.version,
    timestamp: facts.at.toISOString(),
    content,
  };
}
