import { describe, expect, it } from "vitest";
import { checkScenario } from "./validity";

// SPEC §5 "Scenario validity for listing".

const branch = {
  id: "escalate",
  condition: "Escalate to the compliance officer",
  consequence: "The case is opened.",
  nextScenario: "complete",
};

/** A full case: it has a narrative, so it brings everything SPEC §5 asks of one. */
const full = {
  id: "full-case",
  title: "A full case",
  narrative: ["Cash deposits across three branches."],
  questions: [{ id: "q1", prompt: "What do you see?", hint: "Look at the branches." }],
  customerProfile: { type: "corporate", pep: true, segment: "sme", details: "A trading company." },
  activity: { amount: 25000, currency: "CAD", pattern: "pass-through", details: "In and out." },
  redFlags: ["Money leaves the same day"],
  artifactsRequired: ["Escalation note"],
  branches: [branch],
  role: "compliance",
  version: "1.2.0",
};

function reasons(raw: unknown): string[] {
  const result = checkScenario(raw);
  return result.valid ? [] : result.reasons;
}

function listed(raw: unknown): Record<string, unknown> {
  const result = checkScenario(raw);
  if (!result.valid) throw new Error(result.reasons.join("; "));
  return result.scenario;
}

describe("what every scenario needs", () => {
  it.each([null, undefined, "a case", 42, [full]])("refuses %j, which is not an object", (raw) => {
    expect(reasons(raw)).toEqual(["a scenario is an object"]);
  });

  it.each([undefined, "", "   ", 7])("refuses an id of %j", (id) => {
    expect(reasons({ ...full, id })).toEqual(["no id"]);
  });

  it("refuses a scenario with neither a title nor a name", () => {
    expect(reasons({ id: "x", summary: "A short case." })).toEqual(["no title or name"]);
    expect(reasons({ id: "x", title: " ", name: "", summary: "A short case." })).toEqual([
      "no title or name",
    ]);
  });

  it("takes a name as the title", () => {
    const scenario = listed({ id: "x", name: "Named case", summary: "A short case." });
    expect(scenario.title).toBe("Named case");
    expect(scenario).not.toHaveProperty("name");
  });

  it("takes the name and the description where the title and summary are blank", () => {
    const scenario = listed({
      id: "x",
      title: " ",
      name: "Named",
      summary: "",
      description: "Told.",
    });
    expect(scenario).toMatchObject({ title: "Named", summary: "Told." });
  });

  it.each([
    ["prompts", ["What would you do?"]],
    ["description", "A short case."],
    ["summary", "A short case."],
  ])("lists a short scenario that has only %s", (key, value) => {
    expect(checkScenario({ id: "x", title: "Short", [key]: value }).valid).toBe(true);
  });

  it("refuses a scenario with no prompts, questions, narrative, description or summary", () => {
    const empty = { id: "x", title: "Empty", prompts: [], summary: "  ", description: "" };
    expect(reasons(empty)).toEqual(["no prompts, questions, narrative, description or summary"]);
  });

  it("gives every reason at once", () => {
    expect(reasons({ title: "" })).toEqual([
      "no id",
      "no title or name",
      "no prompts, questions, narrative, description or summary",
    ]);
  });
});

describe("a short scenario", () => {
  it("gets the SPEC §5 defaults: retail individual, 10000 SGD structuring, frontline, 1.0.0", () => {
    const scenario = listed({ id: "short", title: "Short", summary: "Cash in small amounts." });
    expect(scenario.customerProfile).toMatchObject({
      type: "individual",
      pep: false,
      segment: "retail",
    });
    expect(scenario.activity).toMatchObject({
      amount: 10000,
      currency: "SGD",
      pattern: "structuring",
    });
    expect(scenario.redFlags).toEqual([
      "Cash split across deposits, branches or days to stay under a threshold",
      "Deposits of similar amounts repeated over a short period",
    ]);
    expect(scenario.role).toBe("frontline");
    expect(scenario.version).toBe("1.0.0");
  });

  it("keeps what it brings and replaces only empty red flags", () => {
    const scenario = listed({
      id: "short",
      title: "Short",
      summary: "Cash in small amounts.",
      customerProfile: full.customerProfile,
      activity: full.activity,
      redFlags: [],
      role: "management",
      version: "2.0.0",
    });
    expect(scenario).toMatchObject({
      customerProfile: full.customerProfile,
      activity: full.activity,
      role: "management",
      version: "2.0.0",
    });
    expect(scenario.redFlags).toHaveLength(2);
  });

  it("takes its description as the summary, unless it has a summary", () => {
    const described = listed({ id: "x", title: "T", description: "Described." });
    expect(described.summary).toBe("Described.");
    expect(described).not.toHaveProperty("description");
    const both = listed({ id: "x", title: "T", summary: "Summary.", description: "Described." });
    expect(both.summary).toBe("Summary.");
  });

  it("gets defaults that are its own, so changing one case changes no other", () => {
    const first = listed({ id: "a", title: "A", summary: "S" });
    (first.redFlags as string[]).push("changed");
    (first.customerProfile as { segment: string }).segment = "changed";
    const second = listed({ id: "b", title: "B", summary: "S" });
    expect(second.redFlags).toHaveLength(2);
    expect(second.customerProfile).toMatchObject({ segment: "retail" });
  });
});

describe("a full scenario (with questions or a narrative)", () => {
  it("is listed as it is", () => {
    expect(listed(full)).toEqual(full);
  });

  it("still gets the role and version defaults", () => {
    const bare = Object.fromEntries(
      Object.entries(full).filter(([key]) => key !== "role" && key !== "version"),
    );
    expect(listed(bare)).toMatchObject({ role: "frontline", version: "1.0.0" });
  });

  it.each([
    ["customerProfile", undefined, "no customer profile"],
    ["customerProfile", "retail", "no customer profile"],
    ["activity", undefined, "no activity"],
    ["activity", ["deposit"], "no activity"],
    ["redFlags", [], "no red flags"],
    ["redFlags", undefined, "no red flags"],
    ["artifactsRequired", [], "no artifacts required"],
    ["branches", [], "no branches"],
    ["branches", undefined, "no branches"],
  ])("refuses %s of %j", (key, value, reason) => {
    expect(reasons({ ...full, [key]: value })).toEqual([reason]);
  });

  it.each(["questions", "narrative"])("counts as full with only %s", (key) => {
    const partial = { id: "x", title: "T", [key]: full[key as "questions" | "narrative"] };
    expect(reasons(partial)).toEqual([
      "no customer profile",
      "no activity",
      "no red flags",
      "no artifacts required",
      "no branches",
    ]);
  });

  it("needs a string id, condition, consequence and next scenario on every branch", () => {
    const branches = [
      branch,
      { id: "wait", consequence: "Finding: late.", condition: " " },
      "do nothing",
      { ...branch, nextScenario: 3 },
    ];
    expect(reasons({ ...full, branches })).toEqual([
      "branch 2 has no condition, nextScenario",
      "branch 3 has no id, condition, consequence, nextScenario",
      "branch 4 has no nextScenario",
    ]);
  });

  it("leaves the file it was given unchanged", () => {
    const raw = { id: "x", name: "Named", description: "Described." };
    listed(raw);
    expect(raw).toEqual({ id: "x", name: "Named", description: "Described." });
  });
});
