import { data } from "react-router";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { llmSettings } from "~/domain/advisor/index.server";
import type { Region } from "~/platform/i18n";
import { escapeHtml } from "~/platform/lib/html";
import { parseShallowJson } from "~/platform/lib/json-depth";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import { runSkill } from "./generate.server";
import { renderMarkdown } from "~/platform/lib/markdown.server";
import { type MarkedSpan, MARKABLE_TYPES, type PiiFinding, scrubPii } from "./pii";
import { findSkill, getSkills } from "./skills.server";
import {
  type StoredDraft,
  completeRun,
  deleteDraft,
  findDraft,
  findRun,
  listDrafts,
  quotaOf,
  releaseRun,
  reserveRun,
  saveDraft,
} from "./store.server";
import {
  type DraftSummary,
  type FoundItem,
  type GeneratedView,
  MARKED_LIMITS,
  type QuotaView,
  SKILL_INPUT_CHARS,
  type SkillSummary,
  type SkillsActionResult,
} from "./types";

// The Skills page's data and its action (SPEC §2 "Skills page", §3 "Skills"): the skills, the
// week's runs, saved drafts; generate, save, open and delete.

export interface SkillsPage {
  skills: SkillSummary[];
  quota: QuotaView;
  drafts: DraftSummary[];
}

export async function loadSkillsPage(userId: string, region: Region): Promise<SkillsPage> {
  return {
    skills: getSkills().map(
      ({ id, name, category, icon, description, inputLabel, sampleInput }) => ({
        id,
        name,
        category,
        icon,
        description,
        inputLabel,
        sampleInput,
      }),
    ),
    quota: await quotaOf(userId, region),
    drafts: (await listDrafts(userId)).map(({ id, skillId, createdAt }) => ({
      id,
      skillId,
      createdAt,
    })),
  };
}

const id = z.coerce.number().int().positive();
// Checked in the action rather than by the schema, so the message can name the limit.
// Blank reads as missing in a form post: the empty note gets its own message below.
const notesField = z
  .string()
  .max(SKILL_INPUT_CHARS * 4)
  .default("");
// The spans the learner marked, as JSON: [{ "text": "Bobby", "type": "PERSON" }].
const MarkedSchema = z
  .array(
    z.object({
      text: z.string().trim().min(1).max(MARKED_LIMITS.chars),
      type: z.enum(MARKABLE_TYPES),
    }),
  )
  .max(MARKED_LIMITS.items);
const markedField = z
  .string()
  .max(MARKED_LIMITS.items * (MARKED_LIMITS.chars + 40))
  .optional();
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("generate"),
    skillId: z.string().max(60),
    input: notesField,
    marked: markedField,
    scrub: z.literal("on").optional(),
    timeZone: z.string().max(64).optional(),
  }),
  z.object({ intent: z.literal("preview"), input: notesField, marked: markedField }),
  z.object({ intent: z.literal("save-draft"), runId: id }),
  z.object({ intent: z.literal("open-draft"), draftId: id }),
  z.object({ intent: z.literal("delete-draft"), draftId: id }),
]);

function view(kind: "run" | "draft", stored: StoredDraft, found: FoundItem[] = []): GeneratedView {
  return {
    kind,
    id: stored.id,
    skillId: stored.skillId,
    html: renderMarkdown(stored.markdown),
    sources: stored.details.sources,
    removed: stored.details.removed,
    found,
    fallback: stored.details.fallback,
    createdAt: stored.createdAt,
  };
}

const foundItems = (found: readonly PiiFinding[]): FoundItem[] =>
  found.map(({ type, value, placeholder }) => ({ type, value, placeholder }));

function parseMarked(raw: string | undefined): MarkedSpan[] | null {
  if (!raw) return [];
  const parsed = MarkedSchema.safeParse(parseShallowJson(raw));
  return parsed.success ? parsed.data : null;
}

/** The notes' refusal when they are missing or too long, else null. */
function notesRefusal(notes: string) {
  if (!notes) return refuse(400, "validation", { fields: { input: "skills:generator.required" } });
  if (notes.length > SKILL_INPUT_CHARS) {
    const tooLong = `skills:generator.tooLong?max=${SKILL_INPUT_CHARS}`;
    return refuse(400, "validation", { fields: { input: tooLong } });
  }
  return null;
}

export async function skillsAction(userId: string, region: Region, fields: Record<string, string>) {
  const parsed = parseSubmission(fields, ActionSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const input = parsed.value;

  if (input.intent === "save-draft") {
    const draftId = await saveDraft(userId, input.runId);
    if (draftId === null) return refuse(404, "not_found");
    return data<SkillsActionResult>({ ok: true, intent: "save-draft", draftId });
  }
  if (input.intent === "open-draft") {
    const draft = await findDraft(userId, input.draftId);
    if (!draft) return refuse(404, "not_found");
    return data<SkillsActionResult>({
      ok: true,
      intent: "open-draft",
      generated: view("draft", draft),
    });
  }
  if (input.intent === "delete-draft") {
    if (!(await deleteDraft(userId, input.draftId))) {
      return refuse(404, "not_found");
    }
    return data<SkillsActionResult>({
      ok: true,
      intent: "delete-draft",
      draftId: input.draftId,
    });
  }

  const marked = parseMarked(input.marked);
  if (!marked) return refuse(400, "validation");
  // What the scrubber would remove, shown to the learner before generating: neither stored nor
  // counted against the quota.
  if (input.intent === "preview") {
    const refusal = notesRefusal(input.input.trim());
    if (refusal) return refusal;
    const scrubbed = scrubPii(input.input.trim(), { marked });
    return data<SkillsActionResult>({
      ok: true,
      intent: "preview",
      found: foundItems(scrubbed.found),
      removed: scrubbed.removed,
    });
  }

  const skill = findSkill(input.skillId);
  if (!skill) return refuse(404, "not_found", { fields: { skillId: "errors:not_found" } });
  const notes = input.input.trim();
  const refusal = notesRefusal(notes);
  if (refusal) return refusal;
  const reservation = await reserveRun(userId, skill.id, { browser: input.timeZone, region });
  if (!reservation.ok) {
    return refuse(429, "rate_limited", {
      message: "skills:generator.quotaReached",
      quota: reservation.quota,
    });
  }
  try {
    const llm = llmSettings();
    const result = await runSkill(skill.id, notes, {
      provider: llm ? "llm" : "template",
      scrubPII: input.scrub === "on",
      marked,
      region,
      llm,
    });
    const details = {
      sources: result.sources,
      removed: result.removed,
      provider: result.provider,
      fallback: result.fallback,
    };
    await completeRun(reservation.runId, {
      input: result.input,
      markdown: result.markdown,
      details,
    });
    const stored = await findRun(userId, reservation.runId);
    if (!stored) throw new Error("the run just stored is gone");
    return data<SkillsActionResult>({
      ok: true,
      intent: "generate",
      generated: view("run", stored, foundItems(result.found)),
      quota: reservation.quota,
    });
  } catch (error) {
    getLogger().error({ err: error, skill: skill.id }, "skill generation failed");
    await releaseRun(reservation.runId);
    return refuse(500, "server_error", { message: "skills:generator.failed" });
  }
}

/** A generated run or a saved draft as a self-contained HTML file (Export HTML). */
export async function exportFile(
  userId: string,
  kind: "run" | "draft",
  id: number,
): Promise<{ html: string; name: string } | null> {
  const stored = kind === "run" ? await findRun(userId, id) : await findDraft(userId, id);
  if (!stored) return null;
  const skill = findSkill(stored.skillId);
  const title = skill?.template.title ?? stored.skillId;
  const body = renderMarkdown(stored.markdown);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Kestrel skills">
<title>${escapeHtml(title)}</title>
<style>
body { font: 16px/1.6 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
blockquote { border-left: 4px solid #cbd5e1; margin: 0; padding-left: 1rem; color: #334155; }
a { color: #1d4ed8; } footer { margin-top: 3rem; font-size: 0.85rem; color: #475569; }
</style>
</head>
<body>
<main>
${body}
</main>
<footer>Generated with Kestrel on ${escapeHtml(new Date(stored.createdAt).toUTCString())}. A draft to check before use, not legal advice.</footer>
</body>
</html>
`;
  const name = `${stored.skillId}-${stored.createdAt.slice(0, 10)}.html`;
  return { html, name };
}
