import sources from "../../../content/sources.json";
import { type KnownSources, type Pack, buildPacks } from "./packs";
import type { Jurisdiction } from "./pack-schema";
import { getLogger } from "~/platform/lib/logger.server";

// The compliance packs, read and checked once per process. What fails its checks is left out and
// logged (SPEC §5); a jurisdiction without a valid pack shows SPEC §8's 'no pack data'.

// The packs' own folders: the grader's lexicons and calibration answers live beside them.
const files = import.meta.glob<unknown>(
  "../../../content/compliance-packs/{ca,sg,my,th}/**/*.json",
  {
    eager: true,
    import: "default",
  },
);

let packs: Map<Jurisdiction, Pack> | undefined;

export const knownSources = sources as KnownSources;

export function getPacks(): Map<Jurisdiction, Pack> {
  if (!packs) {
    const byName = Object.fromEntries(
      Object.entries(files).map(([file, data]) => [
        file.replace(/^.*content\/compliance-packs\//, ""),
        data,
      ]),
    );
    const built = buildPacks(byName, knownSources);
    for (const problem of built.problems) getLogger().error({ problem }, "compliance pack content");
    packs = built.packs;
  }
  return packs;
}

export function getPack(jurisdiction: Jurisdiction): Pack | undefined {
  return getPacks().get(jurisdiction);
}
