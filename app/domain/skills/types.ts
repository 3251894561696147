import type { Refused } from "~/platform/lib/reply";
import type { AdvisorSource } from "~/domain/advisor";
import type { PiiType } from "./pii-types";

// What the Skills page and its server share (client-safe: no server modules).

export interface SkillSummary {
  id: string;
  name: string;
  category: "aml" | "kyc" | "policy" | "training" | "esg" | "ai";
  icon: string;
  description: string;
  inputLabel: string;
  sampleInput: string;
}

export interface QuotaView {
  used: number;
  limit: number;
  resetsAt: string;
  timeZone: string;
}

/** An item the scrubber removed, as the learner sees it: never stored, shown only to them. */
export interface FoundItem {
  type: PiiType;
  value: string;
  placeholder: string;
}

export interface GeneratedView {
  kind: "run" | "draft";
  id: number;
  skillId: string;
  html: string;
  sources: AdvisorSource[];
  removed: Partial<Record<PiiType, number>>;
  /** For a run just generated: what was removed, with the original text (not kept). */
  found: FoundItem[];
  fallback: boolean;
  createdAt: string;
}

export interface DraftSummary {
  id: number;
  skillId: string;
  createdAt: string;
}

export type SkillsActionResult =
  | { ok: true; intent: "generate" | "open-draft"; generated: GeneratedView; quota?: QuotaView }
  | { ok: true; intent: "preview"; found: FoundItem[]; removed: Partial<Record<PiiType, number>> }
  | { ok: true; intent: "save-draft"; draftId: number }
  | { ok: true; intent: "delete-draft"; draftId: number }
  /** Refused (docs/decisions/036): the week's runs spent carry the quota to show. */
  | Refused<{ quota?: QuotaView }>;

export const SKILL_INPUT_CHARS = 8000;
/** How many spans a learner may mark, and how long each may be. */
export const MARKED_LIMITS = { items: 50, chars: 200 } as const;
