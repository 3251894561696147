import { REGIONS, type Region } from "./locales";
import { importRegionPack, primeRegionPacks } from "./region-pack";
import { type RegionPack, RegionPackSchema } from "./region-pack-schema";

/** Every pack, validated; a broken pack fails with the file and the fields at fault. */
export async function readRegionPacks(): Promise<Map<Region, RegionPack>> {
  const packs = new Map<Region, RegionPack>();
  for (const region of REGIONS) {
    const result = RegionPackSchema.safeParse(await importRegionPack(region));
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw new Error(
        `content/region-packs/${region}.json is invalid:\n  ${problems.join("\n  ")}`,
      );
    }
    packs.set(region, result.data);
  }
  return packs;
}

let ready: Promise<void> | undefined;

/** Loads and validates every pack once per process, so the first render of any region is instant. */
export function ensureRegionPacks(): Promise<void> {
  ready ??= readRegionPacks().then(primeRegionPacks);
  return ready;
}
