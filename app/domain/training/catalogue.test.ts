import { beforeAll, describe, expect, it } from "vitest";
import trackList from "../../../content/training/tracks.json";
import {
  SEEDED_MODULE_IDS,
  buildCatalogue,
  catalogueCounts,
  getCatalogue,
} from "./catalogue.server";
import { CONTENT_LANGUAGES, LeaseScenarioSchema, ModuleSchema, localize } from "./content-schema";

const modules = import.meta.glob<unknown>("../../../content/training/modules/*.json", {
  eager: true,
  import: "default",
});
const scenarios = import.meta.glob<unknown>("../../../content/training/lease-scenarios/*.json", {
  eager: true,
  import: "default",
});

/** Every text of a content file, for checks that hold for all of them. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

describe("content files", () => {
  it.each(Object.keys(modules))("%s is a valid module", (file) => {
    const module = ModuleSchema.parse(modules[file]);
    expect(file).toContain(`/${module.id}.json`);
  });

  it.each(Object.keys(scenarios))("%s is a valid lease scenario", (file) => {
    LeaseScenarioSchema.parse(scenarios[file]);
  });

  it("no placeholder text reaches a learner", () => {
    for (const text of texts([modules, scenarios])) {
      expect(text).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|placeholder|xxx/i);
    }
  });
});

describe("the catalogue", () => {
  // Built inside each test, so a broken catalogue fails these tests and not the file.
  let catalogue: ReturnType<typeof getCatalogue>;
  beforeAll(() => {
    catalogue = getCatalogue();
  });

  it("has every module file, the seeded ids among them, each worth 100 points", () => {
    expect(catalogue.modules.size).toBe(Object.keys(modules).length);
    expect(catalogueCounts()).toEqual({
      modules: catalogue.modules.size,
      tracks: trackList.length,
    });
    for (const id of SEEDED_MODULE_IDS) expect(catalogue.modules.has(id)).toBe(true);
    for (const module of catalogue.modules.values()) expect(module.points).toBe(100);
  });

  it("lists the ESG track first and featured, and the regional track from the region pack", () => {
    expect(catalogue.tracks[0]).toMatchObject({ id: "esg-track", featured: true });
    const regional = catalogue.tracks.find((track) => track.fromRegionPack);
    expect(regional?.modules).toEqual([
      "consumer-scam-awareness",
      "crypto-atm-awareness",
      "money-moves-too-fast",
    ]);
  });

  it("translates the regional track's modules into every content language", () => {
    const regional = catalogue.tracks.find((track) => track.fromRegionPack);
    for (const id of regional?.modules ?? []) {
      const module = catalogue.modules.get(id);
      for (const text of [module?.title, module?.description, module?.steps[0]?.items[0]?.prompt]) {
        for (const language of CONTENT_LANGUAGES) {
          expect(text?.[language], `${id} ${language}`).toBeTruthy();
        }
      }
    }
  });

  it("has the three lease scenarios of SPEC §9", () => {
    const byId = Object.fromEntries(catalogue.leaseScenarios.map((s) => [s.id, s]));
    expect(byId["synthetic-lease-ring"]).toMatchObject({
      difficulty: "advanced",
      durationMinutes: 30,
      points: 300,
    });
    expect(byId["dealer-inside-fraud"]).toMatchObject({
      difficulty: "intermediate",
      durationMinutes: 25,
      points: 250,
    });
    expect(byId["cross-border-resale"]).toMatchObject({
      difficulty: "advanced",
      durationMinutes: 35,
      points: 350,
    });
  });

  it("a language without its own text reads English", () => {
    expect(localize({ en: "Hello", th: "สวัสดี" }, "th")).toBe("สวัสดี");
    expect(localize({ en: "Hello", th: "สวัสดี" }, "vi")).toBe("Hello");
  });
});

describe("catalogue checks", () => {
  const valid = {
    tracks: { "tracks.json": [] as unknown[] },
    modules: { ...modules },
    leaseScenarios: { ...scenarios },
  };
  const tracks = structuredClone(trackList);

  it("refuse a track naming a module that does not exist", () => {
    const broken = structuredClone(tracks);
    broken[1]?.modules.push("no-such-module");
    expect(() => buildCatalogue({ ...valid, tracks: { "tracks.json": broken } })).toThrow(
      /no module "no-such-module"/,
    );
  });

  it("refuse a prerequisite cycle", () => {
    const looped = {
      ...valid.modules,
      "../../../content/training/modules/esg-fundamentals-singapore.json": {
        ...structuredClone(
          modules["../../../content/training/modules/esg-fundamentals-singapore.json"] as object,
        ),
        prerequisites: ["esg-climate-disclosure-workflow"],
      },
    };
    expect(() =>
      buildCatalogue({ ...valid, tracks: { "tracks.json": tracks }, modules: looped }),
    ).toThrow(/cycle/);
  });

  it("refuse a source that is not in REGULATORY-FACTS", () => {
    const file = "../../../content/training/modules/document-verification.json";
    const module = structuredClone(modules[file]) as { anchors: unknown[] };
    module.anchors = [{ source: "Z99", section: "made up" }];
    expect(() =>
      buildCatalogue({
        ...valid,
        tracks: { "tracks.json": tracks },
        modules: { ...valid.modules, [file]: module },
      }),
    ).toThrow(/unknown source Z99/);
  });
});
