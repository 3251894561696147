// SPEC §5 "Scenario validity for listing": what a scenario needs before it may be listed, and the
// defaults a short scenario gets. Works on the raw file, before the full schema is applied.

export const SCENARIO_DEFAULTS = {
  customerProfile: {
    type: "individual",
    pep: false,
    segment: "retail",
    details: "A retail customer with a personal deposit account and no business activity on file.",
  },
  activity: {
    amount: 10000,
    currency: "SGD",
    pattern: "structuring",
    details:
      "Cash deposits made over several days that together reach SGD 10,000, each one kept small.",
  },
  redFlags: [
    "Cash split across deposits, branches or days to stay under a threshold",
    "Deposits of similar amounts repeated over a short period",
  ],
  role: "frontline",
  version: "1.0.0",
} as const;

export type ValidityResult =
  { valid: true; scenario: Record<string, unknown> } | { valid: false; reasons: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "";
const filled = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : isString(value) || isRecord(value);

/**
 * Whether a raw scenario may be listed, with its defaults filled in. A scenario with questions or
 * a narrative is a full case and must bring its profile, activity, red flags, artefacts and
 * branches; a short one (a prompt or a summary) gets the defaults.
 */
export function checkScenario(raw: unknown): ValidityResult {
  if (!isRecord(raw)) return { valid: false, reasons: ["a scenario is an object"] };
  const reasons: string[] = [];
  if (!isString(raw.id)) reasons.push("no id");
  if (!isString(raw.title) && !isString(raw.name)) reasons.push("no title or name");
  const body = ["prompts", "questions", "narrative", "description", "summary"];
  if (!body.some((key) => filled(raw[key]))) {
    reasons.push("no prompts, questions, narrative, description or summary");
  }
  const full = filled(raw.questions) || filled(raw.narrative);
  if (full) {
    if (!isRecord(raw.customerProfile)) reasons.push("no customer profile");
    if (!isRecord(raw.activity)) reasons.push("no activity");
    if (!filled(raw.redFlags)) reasons.push("no red flags");
    if (!filled(raw.artifactsRequired)) reasons.push("no artifacts required");
    if (!filled(raw.branches)) reasons.push("no branches");
    else {
      (raw.branches as unknown[]).forEach((branch, index) => {
        const missing = ["id", "condition", "consequence", "nextScenario"].filter(
          (key) => !isRecord(branch) || !isString(branch[key]),
        );
        if (missing.length > 0) reasons.push(`branch ${index + 1} has no ${missing.join(", ")}`);
      });
    }
  }
  if (reasons.length > 0) return { valid: false, reasons };

  const scenario: Record<string, unknown> = { ...raw };
  if (!isString(raw.title)) scenario.title = raw.name;
  if (!isString(raw.summary) && isString(raw.description)) scenario.summary = raw.description;
  delete scenario.name;
  delete scenario.description;
  scenario.customerProfile ??= { ...SCENARIO_DEFAULTS.customerProfile };
  scenario.activity ??= { ...SCENARIO_DEFAULTS.activity };
  if (!filled(scenario.redFlags)) scenario.redFlags = [...SCENARIO_DEFAULTS.redFlags];
  scenario.role ??= SCENARIO_DEFAULTS.role;
  scenario.version ??= SCENARIO_DEFAULTS.version;
  return { valid: true, scenario };
}
