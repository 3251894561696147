import singapore from "../../../content/region-packs/sg.json";
import { DEFAULT_PACK_REGION, type Region } from "./locales";
import type { RegionPack } from "./region-pack-schema";

// SPEC §4 "Region": packs load when the region changes, each its own chunk; Singapore (the default
// pack) ships with the app so the fallback never needs the network.
export const DEFAULT_PACK = singapore as RegionPack;

const PACKS_DIR = "../../../content/region-packs";
const loaders = import.meta.glob<RegionPack>(
  ["../../../content/region-packs/*.json", "!../../../content/region-packs/sg.json"],
  { import: "default" },
);

const cache = new Map<Region, RegionPack>([[DEFAULT_PACK_REGION, DEFAULT_PACK]]);

export function getLoadedPack(region: Region): RegionPack | undefined {
  return cache.get(region);
}

/** Imports a pack's file as it is, without the cache (the server validates it first). */
export function importRegionPack(region: Region): Promise<unknown> {
  if (region === DEFAULT_PACK_REGION) return Promise.resolve(DEFAULT_PACK);
  const load = loaders[`${PACKS_DIR}/${region}.json`];
  return load ? load() : Promise.reject(new Error(`No region pack for "${region}"`));
}

/** Loads a region's pack (once); rejects when it cannot be fetched. */
export async function loadRegionPack(region: Region): Promise<RegionPack> {
  const cached = cache.get(region);
  if (cached) return cached;
  const pack = (await importRegionPack(region)) as RegionPack;
  cache.set(region, pack);
  return pack;
}

/** Puts validated packs in place (the server does this for every region at start). */
export function primeRegionPacks(packs: ReadonlyMap<Region, RegionPack>): void {
  for (const [region, pack] of packs) cache.set(region, pack);
}
