import {
  JURISDICTIONS,
  type Jurisdiction,
  type PackConfig,
  PackConfigSchema,
  type Rubric,
  RubricSchema,
  type Scenario,
  ScenarioSchema,
  type SourceRef,
} from "./pack-schema";
import { checkScenario } from "./validity";
import type { z } from "~/platform/lib/zod";

// Building the packs from their files: a pack whose config or rubric is invalid is left out, a
// scenario that fails the validity rules, the schema or the cross-checks is left out; every
// problem is returned for the caller to log (and for the content test to refuse).

export interface Pack {
  config: PackConfig;
  rubric: Rubric;
  scenarios: Scenario[];
}

export interface ResolvedSource {
  url: string;
  section: string;
  summary: string;
  secondary: boolean;
}

export type KnownSources = Record<string, { url: string; secondary?: boolean }>;

/** A pack's source with the address REGULATORY-FACTS gives it. */
export function resolveSource(known: KnownSources, ref: SourceRef): ResolvedSource {
  const found = known[ref.source];
  return {
    url: found?.url ?? "",
    section: ref.section,
    summary: ref.summary,
    secondary: found?.secondary === true,
  };
}

function parse<T>(schema: z.ZodType<T>, data: unknown): { value?: T; problems: string[] } {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, problems: [] };
  return {
    problems: result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
  };
}

function unknownSources(known: KnownSources, refs: SourceRef[]): string[] {
  return refs.filter((ref) => !(ref.source in known)).map((ref) => `unknown source ${ref.source}`);
}

function scenarioProblems(
  scenario: Scenario,
  jurisdiction: Jurisdiction,
  rubric: Rubric,
  known: KnownSources,
): string[] {
  const problems = unknownSources(known, scenario.sources);
  if (scenario.jurisdiction !== jurisdiction)
    problems.push(`jurisdiction ${scenario.jurisdiction}`);
  const reasoning = rubric.criteria.find((criterion) => criterion.passRules.kind === "reasoning");
  const concepts = new Set(
    reasoning?.passRules.kind === "reasoning" ? reasoning.passRules.concepts.map((c) => c.id) : [],
  );
  for (const concept of scenario.answerKey.concepts) {
    if (!concepts.has(concept)) problems.push(`concept ${concept} is not in the rubric`);
  }
  if (scenario.answerKey.citationTerms.length !== scenario.sources.length) {
    problems.push("citationTerms needs one list per source");
  }
  const stageIds = new Set(scenario.stages.map((stage) => stage.id));
  if (stageIds.has("start") || stageIds.has("complete"))
    problems.push("a stage is named start or complete");
  const nodes = new Set(["start", ...stageIds]);
  const branchIds = new Set<string>();
  for (const branch of scenario.branches) {
    if (branchIds.has(branch.id)) problems.push(`branch ${branch.id} repeats`);
    branchIds.add(branch.id);
    if (!nodes.has(branch.from)) problems.push(`branch ${branch.id} starts at no stage`);
    if (branch.nextScenario !== "complete" && !stageIds.has(branch.nextScenario)) {
      problems.push(`branch ${branch.id} leads to no stage ${branch.nextScenario}`);
    }
  }
  for (const node of nodes) {
    if (!scenario.branches.some((branch) => branch.from === node)) {
      problems.push(`no branch leaves ${node}`);
    }
  }
  return problems;
}

/** The packs from their files: `files` maps `<jurisdiction>/config.json` etc. to parsed JSON. */
export function buildPacks(
  files: Record<string, unknown>,
  known: KnownSources,
): { packs: Map<Jurisdiction, Pack>; problems: string[] } {
  const packs = new Map<Jurisdiction, Pack>();
  const problems: string[] = [];
  for (const jurisdiction of JURISDICTIONS) {
    const where = `content/compliance-packs/${jurisdiction}`;
    const config = parse(PackConfigSchema, files[`${jurisdiction}/config.json`]);
    const rubric = parse(RubricSchema, files[`${jurisdiction}/rubric.json`]);
    const packProblems = [
      ...config.problems.map((problem) => `config.json ${problem}`),
      ...rubric.problems.map((problem) => `rubric.json ${problem}`),
    ];
    if (config.value && rubric.value) {
      if (config.value.jurisdiction !== jurisdiction) packProblems.push("config jurisdiction");
      if (rubric.value.jurisdiction !== jurisdiction) packProblems.push("rubric jurisdiction");
      packProblems.push(
        ...unknownSources(known, [
          ...config.value.metadata.regulatoryBasis,
          ...rubric.value.citations,
          ...rubric.value.criteria.map((criterion) => criterion.regulatoryAnchor),
        ]),
      );
    }
    if (!config.value || !rubric.value || packProblems.length > 0) {
      problems.push(...packProblems.map((problem) => `${where}: ${problem}`));
      continue;
    }

    const scenarios: Scenario[] = [];
    const prefix = `${jurisdiction}/scenarios/`;
    for (const [file, raw] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
      if (!file.startsWith(prefix)) continue;
      const name = `${where}/scenarios/${file.slice(prefix.length)}`;
      const validity = checkScenario(raw);
      if (!validity.valid) {
        problems.push(`${name} is not listed: ${validity.reasons.join("; ")}`);
        continue;
      }
      const parsed = parse(ScenarioSchema, validity.scenario);
      const issues = parsed.value
        ? scenarioProblems(parsed.value, jurisdiction, rubric.value, known)
        : parsed.problems;
      if (parsed.value && scenarios.some((other) => other.id === parsed.value?.id)) {
        issues.push(`id ${parsed.value.id} repeats`);
      }
      if (!parsed.value || issues.length > 0) {
        problems.push(`${name} is left out: ${issues.join("; ")}`);
        continue;
      }
      scenarios.push(parsed.value);
    }
    packs.set(jurisdiction, { config: config.value, rubric: rubric.value, scenarios });
  }
  return { packs, problems };
}
