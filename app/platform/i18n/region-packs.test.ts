import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REGIONS } from "./locales";
import { RegionPackSchema } from "./region-pack-schema";
import englishForms from "../../../locales/en/forms.json";

const PACKS_DIR = path.resolve(import.meta.dirname, "../../../content/region-packs");

function readPack(region: string): unknown {
  return JSON.parse(readFileSync(path.join(PACKS_DIR, `${region}.json`), "utf8"));
}

describe("region packs (SPEC §3 'Region pack')", () => {
  it("there is exactly one pack per region", () => {
    const files = readdirSync(PACKS_DIR)
      .filter((file) => file.endsWith(".json"))
      .map((file) => file.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...REGIONS].sort());
  });

  it.each(REGIONS)("the %s pack has every field, for its own region", (region) => {
    const pack = RegionPackSchema.parse(readPack(region));
    expect(pack.region.id).toBe(region);
    expect(pack.quickref.sources.length).toBeGreaterThan(0);
  });

  it("Singapore's pack names STRO", () => {
    expect(RegionPackSchema.parse(readPack("sg")).authority.code).toBe("STRO");
  });

  it("only Thailand's waitlist tells people not to enter sensitive personal data", () => {
    const regions = englishForms.waitlist.regions as Record<string, Record<string, string>>;
    expect(regions.th?.sensitiveDataNotice).toMatch(/sensitive personal data/i);
    const others = Object.entries(regions).filter(([id]) => id !== "th");
    expect(others.filter(([, texts]) => "sensitiveDataNotice" in texts)).toEqual([]);
  });

  it("every region has its waitlist title, subtitle and privacy consent", () => {
    for (const region of REGIONS)
      expect(Object.keys(englishForms.waitlist.regions[region]), region).toEqual(
        expect.arrayContaining(["title", "subtitle", "privacy"]),
      );
  });
});
