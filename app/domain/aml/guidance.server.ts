import guidanceFile from "../../../content/compliance-packs/guidance.json";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import type { RegulatoryGuidance } from "./types";

// The Regulatory Guidance modal of the AML landing (SPEC §2), from
// content/compliance-packs/guidance.json. Every statement in it comes from REGULATORY-FACTS §2.

const text = z.string().trim().min(1).max(600);

export const GuidanceEntrySchema = z.strictObject({
  regulation: z.string().trim().min(1).max(120),
  section: z.string().trim().min(1).max(120),
  summary: text,
  guidance: text,
  link: z.url({ protocol: /^https$/ }),
});

export const RegulatoryGuidanceSchema = z.strictObject({
  /** How the references should be read, shown above the entries. */
  note: text,
  entries: z.array(GuidanceEntrySchema).min(1).max(20),
});

/** SPEC §8 "regulatory guidance load failure": the modal keeps its title over an empty list. */
export const FALLBACK_GUIDANCE: RegulatoryGuidance = { note: "", entries: [] };

export type GuidanceParse =
  | { ok: true; guidance: RegulatoryGuidance }
  | { ok: false; guidance: RegulatoryGuidance; problems: string[] };

// The schema's output is checked against RegulatoryGuidance (types.ts, for the browser) here.
export function parseRegulatoryGuidance(data: unknown): GuidanceParse {
  const result = RegulatoryGuidanceSchema.safeParse(data);
  if (result.success) return { ok: true, guidance: result.data };
  return {
    ok: false,
    guidance: FALLBACK_GUIDANCE,
    problems: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
  };
}

let cached: RegulatoryGuidance | undefined;

/**
 * The guidance shipped with this build, checked once per process. A broken file is logged and
 * answered with the fallback, as the page treats a failed load (guidance.server.test.ts stops a
 * broken file before it ships).
 */
export function getRegulatoryGuidance(): RegulatoryGuidance {
  if (cached) return cached;
  const parsed = parseRegulatoryGuidance(guidanceFile);
  if (!parsed.ok) {
    getLogger().error(
      { problems: parsed.problems },
      "content/compliance-packs/guidance.json is invalid; serving no guidance",
    );
  }
  cached = parsed.guidance;
  return cached;
}
