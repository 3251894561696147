import { z } from "~/platform/lib/zod";
import type { StoredEvidence } from "./types";

// What an evidence kit's PDF and CSV read from a record's content. The export-kit items of an AML
// record (SPEC §3 "Compliance pack") are read with their shapes; anything else, or an item whose
// shape has changed since it was recorded, is shown as its plain values, so a file never fails to
// show what a record holds.

const ScenarioSnapshotSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  role: z.string(),
  summary: z.string(),
  customerProfile: z.object({
    type: z.string(),
    pep: z.boolean(),
    segment: z.string(),
    details: z.string(),
  }),
  activity: z.object({
    amount: z.number(),
    currency: z.string(),
    pattern: z.string(),
    details: z.string(),
  }),
  redFlags: z.array(z.string()),
});

const LearnerActionsSchema = z.array(z.object({ action: z.string(), value: z.string() }));

const GradingSummarySchema = z.object({
  score: z.number(),
  percent: z.number(),
  band: z.string(),
  criteria: z.array(
    z.object({
      criterion: z.string(),
      label: z.string(),
      earned: z.number(),
      maxScore: z.number(),
      weight: z.number(),
      passed: z.boolean(),
      explanation: z.array(z.string()),
    }),
  ),
  penalties: z.array(
    z.object({ kind: z.string(), multiplier: z.number(), description: z.string() }),
  ),
  /** Grades from 2.3.0: the floor a genuine answer was raised to. */
  floor: z.object({ score: z.number(), description: z.string() }).optional(),
  player: z.object({ findings: z.number(), passed: z.boolean() }).nullable(),
});

/** Older records claimed `reviewedInTraining`; newer ones say none was opened (`openedInTraining`). */
const ArtifactsSchema = z.array(
  z.object({
    name: z.string(),
    reviewedInTraining: z.boolean().optional(),
    openedInTraining: z.boolean().optional(),
  }),
);

const AttestationSchema = z.object({
  statement: z.string(),
  confirmed: z.boolean(),
  at: z.string().optional(),
});

const ComplianceMappingSchema = z.array(
  z.object({
    criterion: z.string().nullable(),
    label: z.string(),
    url: z.string(),
    section: z.string(),
    summary: z.string(),
    secondary: z.boolean(),
  }),
);

const RetentionSchema = z.object({
  recordRetentionYears: z.number(),
  /** Only where the market's law sets a production deadline (kits before 2026-11-27: always). */
  productionDays: z.number().optional(),
  retainUntil: z.string(),
  basis: z.string().optional(),
  basisUrl: z.string().optional(),
});

const kitItemSchemas = {
  scenarioSnapshot: ScenarioSnapshotSchema,
  learnerActions: LearnerActionsSchema,
  gradingSummary: GradingSummarySchema,
  artifacts: ArtifactsSchema,
  attestation: AttestationSchema,
  complianceMapping: ComplianceMappingSchema,
  retention: RetentionSchema,
} as const;

type KitItemSchemas = typeof kitItemSchemas;
export type KitItemName = keyof KitItemSchemas;
export type ScenarioSnapshot = z.infer<typeof ScenarioSnapshotSchema>;
export type GradingSummary = z.infer<typeof GradingSummarySchema>;
export type Citation = z.infer<typeof ComplianceMappingSchema>[number];

/** One part of a record's content, in the order the record holds them. */
export type ContentPart =
  | { [Name in KitItemName]: { item: Name; value: z.infer<KitItemSchemas[Name]> } }[KitItemName]
  | { item: null; key: string; value: unknown };

const isKitItem = (key: string): key is KitItemName => Object.hasOwn(kitItemSchemas, key);

export function contentParts(content: Record<string, unknown>): ContentPart[] {
  return Object.entries(content).map(([key, value]): ContentPart => {
    if (isKitItem(key)) {
      const parsed = kitItemSchemas[key].safeParse(value);
      if (parsed.success) return { item: key, value: parsed.data } as ContentPart;
    }
    return { item: null, key, value };
  });
}

const LearnerSchema = z.object({ name: z.string(), email: z.string() });

/** The learner a record is about, as the record names them. */
export function learnerOf(content: Record<string, unknown>): string | null {
  const learner = LearnerSchema.safeParse(content.learner);
  if (learner.success) return `${learner.data.name} <${learner.data.email}>`;
  return typeof content.learner === "string" ? content.learner : null;
}

export type PlainValue = string | number | boolean | null;

/** A value's leaves with the keys that lead to each (array items by their position from 1). */
export function plainValues(
  value: unknown,
  path: readonly string[] = [],
): { path: string[]; value: PlainValue }[] {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
    return [{ path: [...path], value: value as PlainValue }];
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index + 1), item])
    : typeof value === "object"
      ? Object.entries(value)
      : [];
  return entries.flatMap(([key, item]) => plainValues(item, [...path, key]));
}

/** `lastPurgedHash` as `Last purged hash`. */
export function plainWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `evidence_{scenario}_{YYYY-MM-DD}.{ext}`: the scenario, or the kind, and the record's UTC date. */
export function evidenceFileName(
  record: Pick<StoredEvidence, "scenarioId" | "kind" | "envelope">,
  extension: "pdf" | "csv" | "json",
): string {
  const subject = (record.scenarioId ?? record.kind)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const date = new Date(record.envelope.payload.timestamp).toISOString().slice(0, 10);
  return `evidence_${subject || "record"}_${date}.${extension}`;
}

/**
 * Where an evidence record is checked: the verify page, the record's id in the link (and its QR
 * code), with the token that shows whoever holds the document the record's signed content.
 */
export function evidenceVerifyUrl(appUrl: string, evidenceId: string, token?: string): string {
  return `${appUrl}/evidence/verify?${new URLSearchParams({ evidenceId, ...(token && { token }) })}`;
}
