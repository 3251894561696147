import type { Refused } from "~/platform/lib/reply";
import type { AdvisorSource } from "~/domain/advisor";
import type { PiiType } from "./pii";

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

export interface GeneratedView {
  kind: "run" | "draft";
  id: number;
  skillId: string;
  html: string;
  sources: AdvisorSource[];
  removed: Partial<Record<PiiType, number>>;
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
  | { ok: true; intent: "save-draft"; draftId: number }
  | { ok: true; intent: "delete-draft"; draftId: number }
  /** Refused (docs/decisions/036): the week's runs spent carry the quota to show. */
  | Refused<{ quota?: QuotaView }>;

export const SKILL_INPUT_CHARS = 8000;
