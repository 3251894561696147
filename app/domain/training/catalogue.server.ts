import sources from "../../../content/sources.json";
import {
  type LeaseScenario,
  LeaseScenarioSchema,
  type Module,
  ModuleSchema,
  type Track,
  TrackSchema,
} from "./content-schema";
import { z } from "~/platform/lib/zod";
import { citationsIn } from "./citations";

// The catalogue (content/training), read and checked once per process: each file against its
// schema, then the whole: module count, seeded ids, references, prerequisites, sources.

/** SPEC §3 "Training data": module ids other records refer to. */
export const SEEDED_MODULE_IDS = [
  "crypto-atm-awareness",
  "money-moves-too-fast",
  "document-verification",
  "lease-fraud-detection",
  "esg-fundamentals-singapore",
  "esg-materiality-sector-scenarios",
  "esg-climate-disclosure-workflow",
] as const;
export const ESG_TRACK_ID = "esg-track";

export interface Catalogue {
  tracks: Track[];
  modules: Map<string, Module>;
  leaseScenarios: LeaseScenario[];
}

const trackFiles = import.meta.glob<unknown>("../../../content/training/tracks.json", {
  eager: true,
  import: "default",
});
const moduleFiles = import.meta.glob<unknown>("../../../content/training/modules/*.json", {
  eager: true,
  import: "default",
});
const scenarioFiles = import.meta.glob<unknown>(
  "../../../content/training/lease-scenarios/*.json",
  { eager: true, import: "default" },
);

function parseFile<T>(schema: z.ZodType<T>, file: string, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`${file.replace(/^(\.\.\/)+/, "")} is invalid:\n  ${problems.join("\n  ")}`);
}

const fileName = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");

/** Builds and checks a catalogue from file contents (path → parsed JSON). */
export function buildCatalogue(files: {
  tracks: Record<string, unknown>;
  modules: Record<string, unknown>;
  leaseScenarios: Record<string, unknown>;
}): Catalogue {
  const problems: string[] = [];
  const [tracksFile, tracksData] = Object.entries(files.tracks)[0] ?? ["tracks.json", []];
  const tracks = parseFile(z.array(TrackSchema).min(3), tracksFile, tracksData);

  const modules = new Map<string, Module>();
  for (const [file, data] of Object.entries(files.modules)) {
    const module = parseFile(ModuleSchema, file, data);
    if (module.id !== fileName(file)) problems.push(`${file}: id "${module.id}" ≠ file name`);
    modules.set(module.id, module);
  }
  const leaseScenarios = Object.entries(files.leaseScenarios).map(([file, data]) =>
    parseFile(LeaseScenarioSchema, file, data),
  );

  for (const seeded of SEEDED_MODULE_IDS) {
    if (!modules.has(seeded)) problems.push(`seeded module "${seeded}" is missing`);
  }
  const trackIds = new Set(tracks.map((track) => track.id));
  if (tracks[0]?.id !== ESG_TRACK_ID || !tracks[0].featured) {
    problems.push(`the first track must be "${ESG_TRACK_ID}", featured`);
  }
  // A module may sit in several tracks (the market tracks share theirs); the player follows the
  // track of the reader's market (player.server.ts).
  const placed = new Set<string>();
  for (const track of tracks) {
    if (!track.fromRegionPack && (!track.title || !track.description)) {
      problems.push(`track "${track.id}" needs a title and a description`);
    }
    if (new Set(track.modules).size !== track.modules.length) {
      problems.push(`track "${track.id}" lists a module twice`);
    }
    for (const moduleId of track.modules) {
      if (!modules.has(moduleId)) problems.push(`track "${track.id}": no module "${moduleId}"`);
      placed.add(moduleId);
    }
    for (const required of track.prerequisites) {
      if (!trackIds.has(required)) problems.push(`track "${track.id}": no track "${required}"`);
    }
  }
  for (const moduleId of modules.keys()) {
    if (!placed.has(moduleId)) problems.push(`module "${moduleId}" is in no track`);
  }
  const known = sources as Record<string, unknown>;
  const anchored = [
    ...[...modules.values()].map((module) => ({
      id: module.id,
      anchors: [
        ...module.anchors,
        ...module.steps.flatMap((step) => step.items.map((i) => i.anchor)),
      ],
    })),
    ...leaseScenarios.map((scenario) => ({
      id: scenario.id,
      anchors: [...scenario.anchors, ...scenario.steps.map((step) => step.question.anchor)],
    })),
  ];
  for (const { id, anchors } of anchored) {
    for (const anchor of anchors) {
      if (!(anchor.source in known)) problems.push(`"${id}" cites unknown source ${anchor.source}`);
    }
  }
  for (const module of modules.values()) {
    const paragraphs = [...(module.intro ?? []), ...module.steps.flatMap((step) => step.body)];
    const tags = new Set(
      paragraphs.flatMap((paragraph) => Object.values(paragraph).flatMap(citationsIn)),
    );
    for (const tag of tags) {
      if (!(tag in known)) problems.push(`"${module.id}" cites unknown source [${tag}]`);
    }
  }
  for (const module of modules.values()) {
    const itemIds = module.steps.flatMap((step) => step.items.map((item) => item.id));
    if (new Set(itemIds).size !== itemIds.length) {
      problems.push(`module "${module.id}": item ids repeat`);
    }
    for (const required of module.prerequisites) {
      if (!modules.has(required)) problems.push(`module "${module.id}": no module "${required}"`);
    }
  }
  problems.push(...prerequisiteCycles(modules), ...trackCycles(tracks));

  if (problems.length > 0) {
    throw new Error(`The training catalogue is invalid:\n  ${problems.join("\n  ")}`);
  }
  return { tracks, modules, leaseScenarios };
}

function findCycles(edges: Map<string, readonly string[]>, kind: string): string[] {
  const state = new Map<string, "visiting" | "done">();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "visiting") {
      cycles.push(`${kind} prerequisites form a cycle: ${[...path, node].join(" → ")}`);
      return;
    }
    state.set(node, "visiting");
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    state.set(node, "done");
  };
  for (const node of edges.keys()) visit(node, []);
  return cycles;
}

const prerequisiteCycles = (modules: Map<string, Module>) =>
  findCycles(new Map([...modules].map(([id, module]) => [id, module.prerequisites])), "module");
const trackCycles = (tracks: Track[]) =>
  findCycles(new Map(tracks.map((track) => [track.id, track.prerequisites])), "track");

let catalogue: Catalogue | undefined;

/** The catalogue, checked on first use (the server asks for it at start). */
export function getCatalogue(): Catalogue {
  catalogue ??= buildCatalogue({
    tracks: trackFiles,
    modules: moduleFiles,
    leaseScenarios: scenarioFiles,
  });
  return catalogue;
}

/** How many modules and tracks the catalogue holds: the completion rate's denominator (SPEC §9). */
export function catalogueCounts(): { modules: number; tracks: number } {
  const { modules, tracks } = getCatalogue();
  return { modules: modules.size, tracks: tracks.length };
}
