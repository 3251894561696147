import { describe, expect, it } from "vitest";
import sources from "../../../content/sources.json";
import { JURISDICTIONS, type Jurisdiction, PENALTY_KINDS, type Scenario } from "./pack-schema";
import { type KnownSources, type Pack, buildPacks } from "./packs";

const raw = import.meta.glob<unknown>("../../../content/compliance-packs/*/**/*.json", {
  eager: true,
  import: "default",
});
/** The pack files by `<jurisdiction>/...` name, as the server reads them. */
const files = Object.fromEntries(
  Object.entries(raw).map(([file, data]) => [file.replace(/^.*compliance-packs\//, ""), data]),
);
const modules = import.meta.glob<unknown>("../../../content/training/modules/*.json", {
  eager: true,
  import: "default",
});
const moduleIds = Object.keys(modules).map((file) => file.replace(/^.*\/|\.json$/g, ""));
const known = sources as KnownSources;

/** Every string inside a value, for checks that hold for all of a file's texts. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

/** Every `source` tag cited anywhere in a value. */
function sourceTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(sourceTags);
  if (value && typeof value === "object") {
    const own = "source" in value && typeof value.source === "string" ? [value.source] : [];
    return [...own, ...Object.values(value).flatMap(sourceTags)];
  }
  return [];
}

/** A deep copy, so a test can break one file without touching the others. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

const { packs, problems } = buildPacks(files, known);

function pack(jurisdiction: Jurisdiction): Pack {
  const found = packs.get(jurisdiction);
  if (!found) throw new Error(`no ${jurisdiction} pack: ${problems.join("\n")}`);
  return found;
}

const allScenarios = [...packs.values()].flatMap((built) => built.scenarios);
const records = (consequence: string) => /\b(finding|violation)\b/i.test(consequence);

/** Whether the player can go from start to complete with no penalty and nothing recorded. */
function hasCleanPath(scenario: Scenario): boolean {
  const seen = new Set<string>();
  const queue = ["start"];
  while (queue.length > 0) {
    const node = queue.shift() ?? "";
    if (node === "complete") return true;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const branch of scenario.branches) {
      if (branch.from === node && branch.scoreModifier === "none" && !records(branch.consequence)) {
        queue.push(branch.nextScenario);
      }
    }
  }
  return false;
}

describe("the compliance packs on disk", () => {
  it("build with no problems, each scenario in a file named by its id", () => {
    expect(problems).toEqual([]);
    for (const jurisdiction of JURISDICTIONS) {
      for (const scenario of pack(jurisdiction).scenarios) {
        expect(files).toHaveProperty([`${jurisdiction}/scenarios/${scenario.id}.json`]);
      }
    }
  });

  it("have the SPEC §9 scenarios per jurisdiction", () => {
    const ids = (jurisdiction: Jurisdiction) =>
      pack(jurisdiction)
        .scenarios.map((scenario) => scenario.id)
        .sort();
    expect(ids("ca")).toEqual([
      "company-pays-out-lease",
      "cross-border-resale",
      "dealer-inside-fraud",
      "synthetic-lease-ring",
    ]);
    expect(ids("sg")).toEqual([
      "paynow-pep-pass-through",
      "pep-name-match-inheritance",
      "trade-document-mismatch",
    ]);
    expect(ids("my")).toEqual([
      "duitnow-student-mule",
      "investment-scam-retiree",
      "market-trader-cash-deposits",
    ]);
    expect(ids("th")).toEqual(["convenience-store-cash-in", "harvest-cash-deposits"]);
  });

  // Each market's retention as its law is confirmed: FINTRAC's 30-day production rule is Canada's
  // alone; Malaysia keeps six years (AMLA s.17); Thailand's period is not confirmed.
  const RETENTION = {
    ca: { years: 5, productionDays: 30, source: "C13", updated: "2026-11-22" },
    sg: { years: 5, productionDays: undefined, source: "S16", updated: "2026-11-22" },
    my: { years: 6, productionDays: undefined, source: "M5", updated: "2026-11-27" },
    th: { years: 5, productionDays: undefined, source: undefined, updated: "2026-11-22" },
  } as const;

  it.each([
    ["ca", "FINTRAC"],
    ["sg", "MAS / STRO"],
    ["my", "BNM"],
    ["th", "AMLO"],
  ] as const)("%s config names %s and carries the SPEC §9 constants", (jurisdiction, regulator) => {
    const { config, rubric, scenarios } = pack(jurisdiction);
    const expected = RETENTION[jurisdiction];
    expect(config).toMatchObject({ jurisdiction, regulator, version: "1.2.0" });
    expect(config.exportKit).toEqual({
      include: [
        "scenarioSnapshot",
        "learnerActions",
        "gradingSummary",
        "artifacts",
        "attestation",
        "complianceMapping",
        "retention",
      ],
      retention: expect.objectContaining({ recordRetentionYears: expected.years }),
    });
    const { retention } = config.exportKit;
    expect(retention.productionDays).toBe(expected.productionDays);
    expect(retention.basis.source).toBe(expected.source);
    if (jurisdiction === "th") expect(retention.basis.text).toMatch(/not confirmed/);
    expect(config.metadata).toMatchObject({
      estimatedDuration: 45,
      lastUpdated: expected.updated,
      targetRoles: ["frontline", "compliance", "management"],
    });
    expect(config.modules.length).toBeGreaterThan(0);
    for (const module of config.modules) expect(moduleIds).toContain(module);
    expect(rubric.version).toBe("1.2.0");
    // A case written after the pack was issued starts at 1.0.0; one whose text changed since
    // carries a later version than the pack's.
    for (const scenario of scenarios) {
      expect(["1.0.0", "1.2.0", "1.3.0", "1.4.0"], scenario.id).toContain(scenario.version);
    }
  });

  it.each([
    ["ca", [90, 75, 60, 40, 0], 0.8],
    ["sg", [90, 70, 50, 30, 0], 0.5],
    ["my", [90, 70, 50, 30, 0], 0.5],
    ["th", [90, 70, 50, 30, 0], 0.5],
  ] as const)("%s rubric has bands %j and its penalties", (jurisdiction, bands, documentation) => {
    const { config, rubric } = pack(jurisdiction);
    expect(rubric.criteria.map((criterion) => [criterion.id, criterion.weight])).toEqual([
      ["signals", 0.25],
      ["reasoning", 0.25],
      ["decision", 0.3],
      ["documentation", 0.2],
    ]);
    expect(rubric.bands.map((band) => band.min)).toEqual(bands);
    // Reviewed on 2026-11-27 against REGULATORY-FACTS; the next review falls after the last update.
    expect(rubric.review_due).toBe("2027-11-30");
    expect(rubric.review_due > config.metadata.lastUpdated).toBe(true);
    const penalties = rubric.branchingPenalties;
    expect(penalties.doNothing).toMatchObject({ multiplier: 0.4, cap: 0.4 });
    expect(penalties.delayedEscalation.multiplier).toBe(0.7);
    expect(penalties.incompleteDocumentation.multiplier).toBe(documentation);
    const reasoning = rubric.criteria[1]?.passRules;
    expect(reasoning?.kind === "reasoning" && reasoning.concepts.length).toBeGreaterThanOrEqual(10);
  });

  it("only the Canadian pack sets the 24-hour escalation rule", () => {
    const hours = (jurisdiction: Jurisdiction) => {
      const rules = pack(jurisdiction).rubric.criteria[2]?.passRules;
      return rules?.kind === "decision" ? rules.escalationWithinHours : "not a decision";
    };
    expect([hours("ca"), hours("sg"), hours("my"), hours("th")]).toEqual([
      24,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("cite only tags of REGULATORY-FACTS' market and typology sections, or recorded research", () => {
    const tags = sourceTags(Object.values(files));
    expect(tags.length).toBeGreaterThan(0);
    const research = known as Record<string, { title?: string; facts?: string[] }>;
    for (const tag of tags) {
      expect(known).toHaveProperty([tag]);
      const recorded = Boolean(research[tag]?.title) && (research[tag]?.facts?.length ?? 0) > 0;
      expect(/^[CSMTX]\d+$/.test(tag) || recorded, tag).toBe(true);
    }
  });

  it("cite MAS Notice 626 only by the paragraphs of the REGULATORY-FACTS table, never 11", () => {
    const singapore = texts(Object.entries(files).filter(([file]) => file.startsWith("sg/")));
    const paragraphs = singapore.flatMap((text) =>
      [...text.matchAll(/\b(?:para|paragraph)\s+(\d+(?:\.\d+)?)/gi)].map((match) => match[1]),
    );
    expect(paragraphs.length).toBeGreaterThan(0);
    for (const paragraph of paragraphs) expect(["4", "6", "8", "14", "15"]).toContain(paragraph);
    expect(singapore.join("\n")).not.toMatch(/11\.3/);
  });

  it("keep scenario texts free of unverified claims and unknown placeholders", () => {
    const allowed = new Set([
      "analysis",
      "date",
      "scenario.title",
      "customerProfile.type",
      "customerProfile.segment",
      "customerProfile.details",
      "activity.amount",
      "activity.currency",
      "activity.pattern",
      "activity.details",
    ]);
    for (const scenario of allScenarios) {
      for (const text of texts(scenario)) {
        expect(text).not.toMatch(/unconfirmed|lorem ipsum|\bTODO\b|\bTBD\b/i);
        for (const match of text.matchAll(/\{\{([^}]*)\}\}/g)) {
          expect(allowed, `${scenario.id}: ${match[0]}`).toContain(match[1]);
        }
        expect(text.replace(/\{\{[^}]*\}\}/g, "")).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it.each(allScenarios.map((scenario) => [scenario.id, scenario] as const))(
    "%s records a finding on a wrong turn and has a clean path to complete",
    (_id, scenario) => {
      const fromStart = scenario.branches.filter((branch) => branch.from === "start");
      expect(fromStart.length).toBeGreaterThanOrEqual(3);
      expect(fromStart.length).toBeLessThanOrEqual(4);
      for (const branch of scenario.branches) {
        // A penalised choice tells the learner why; a clean one records nothing.
        expect(records(branch.consequence), branch.id).toBe(branch.scoreModifier !== "none");
      }
      const penalties = new Set(scenario.branches.map((branch) => branch.scoreModifier));
      expect(PENALTY_KINDS.some((kind) => penalties.has(kind))).toBe(true);
      expect(hasCleanPath(scenario)).toBe(true);
    },
  );

  it("hold at least 12 cases, two per market, each market with one whose right call is not Escalate", () => {
    expect(allScenarios.length).toBeGreaterThanOrEqual(12);
    for (const jurisdiction of JURISDICTIONS) {
      const { scenarios } = pack(jurisdiction);
      expect(scenarios.length, jurisdiction).toBeGreaterThanOrEqual(2);
      const calls = scenarios.map((scenario) => scenario.answerKey.expectedDecision);
      expect(
        calls.some((call) => call !== "ESCALATE"),
        jurisdiction,
      ).toBe(true);
    }
  });

  it.each(allScenarios.map((scenario) => [scenario.id, scenario] as const))(
    "%s asks at least three decisions on its clean path",
    (_id, scenario) => {
      // The fewest choices a learner makes from start to complete without a penalty.
      const depth = new Map<string, number>([["start", 0]]);
      const queue = ["start"];
      while (queue.length > 0) {
        const node = queue.shift() ?? "";
        for (const branch of scenario.branches) {
          if (branch.from !== node || branch.scoreModifier !== "none") continue;
          if (depth.has(branch.nextScenario)) continue;
          depth.set(branch.nextScenario, (depth.get(node) ?? 0) + 1);
          queue.push(branch.nextScenario);
        }
      }
      expect(depth.get("complete")).toBeGreaterThanOrEqual(3);
    },
  );

  it("have at least one case that calls for more KYC and escalate the others", () => {
    for (const scenario of allScenarios) {
      const { expectedDecision, requiresEscalation } = scenario.answerKey;
      expect(requiresEscalation).toBe(expectedDecision === "ESCALATE");
    }
    const decisions = allScenarios.map((scenario) => scenario.answerKey.expectedDecision);
    expect(decisions).toContain("REQUEST_KYC");
    expect(decisions).toContain("ESCALATE");
  });

  it("use the pack's currency and a chip for most key signals", () => {
    const currency = { ca: "CAD", sg: "SGD", my: "MYR", th: "THB" } as const;
    for (const scenario of allScenarios) {
      expect(scenario.activity.currency).toBe(currency[scenario.jurisdiction]);
      const signals = scenario.answerKey.keySignals;
      const withChip = signals.filter((signal) => signal.chip !== undefined);
      expect(withChip.length * 2, scenario.id).toBeGreaterThan(signals.length);
    }
  });
});

describe("broken pack content", () => {
  it("leaves out a scenario without branches, with the reason", () => {
    const broken = copy(files["ca/scenarios/dealer-inside-fraud.json"]) as Record<string, unknown>;
    delete broken.branches;
    const built = buildPacks({ ...files, "ca/scenarios/dealer-inside-fraud.json": broken }, known);
    expect(built.problems).toEqual([
      "content/compliance-packs/ca/scenarios/dealer-inside-fraud.json is not listed: no branches",
    ]);
    expect(
      built.packs
        .get("ca")
        ?.scenarios.map((scenario) => scenario.id)
        .sort(),
    ).toEqual(["company-pays-out-lease", "cross-border-resale", "synthetic-lease-ring"]);
  });

  it("leaves out a scenario whose branch leads nowhere or whose concept the rubric lacks", () => {
    const broken = copy(files["th/scenarios/convenience-store-cash-in.json"]) as Scenario;
    broken.branches = broken.branches.map((branch, index) =>
      index === 0 ? { ...branch, nextScenario: "nowhere" } : branch,
    );
    broken.answerKey.concepts = [...broken.answerKey.concepts, "made-up-concept"];
    const built = buildPacks(
      { ...files, "th/scenarios/convenience-store-cash-in.json": broken },
      known,
    );
    expect(built.problems).toHaveLength(1);
    expect(built.problems[0]).toContain("leads to no stage nowhere");
    expect(built.problems[0]).toContain("concept made-up-concept is not in the rubric");
    expect(built.packs.get("th")?.scenarios.map((scenario) => scenario.id)).toEqual([
      "harvest-cash-deposits",
    ]);
  });

  it("leaves out a pack whose rubric weights do not add up to 1", () => {
    const rubric = copy(files["sg/rubric.json"]) as { criteria: { weight: number }[] };
    rubric.criteria = rubric.criteria.map((criterion, index) =>
      index === 0 ? { ...criterion, weight: 0.3 } : criterion,
    );
    const built = buildPacks({ ...files, "sg/rubric.json": rubric }, known);
    expect(built.packs.has("sg")).toBe(false);
    expect(built.packs.has("ca")).toBe(true);
    expect(built.problems).toEqual([
      "content/compliance-packs/sg: rubric.json : weights must add up to 1",
    ]);
  });

  it("leaves out a pack that cites a source REGULATORY-FACTS does not list", () => {
    const config = copy(files["th/config.json"]) as {
      metadata: { regulatoryBasis: { source: string }[] };
    };
    config.metadata.regulatoryBasis = config.metadata.regulatoryBasis.map((ref, index) =>
      index === 0 ? { ...ref, source: "T99" } : ref,
    );
    const built = buildPacks({ ...files, "th/config.json": config }, known);
    expect(built.packs.has("th")).toBe(false);
    expect(built.problems).toEqual(["content/compliance-packs/th: unknown source T99"]);
  });
});
