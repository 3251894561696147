import { describe, expect, it } from "vitest";
import { parseLevel, searchTracks } from "./search";

const tracks = [
  {
    id: "esg",
    title: "ESG and Climate Disclosure",
    description: "Scopes and ISSB reporting",
    level: "intermediate" as const,
    modules: [
      { title: "ESG fundamentals", description: "GHG Protocol", level: "beginner" as const },
    ],
  },
  {
    id: "aml",
    title: "AML and Fraud Investigator",
    description: "Structuring and STRs",
    level: "advanced" as const,
    modules: [
      {
        title: "Lease fraud detection",
        description: "Leasing entities",
        level: "advanced" as const,
      },
    ],
  },
];
const ids = (query: string, level = "all") =>
  searchTracks(tracks, query, parseLevel(level)).map((track) => track.id);

describe("training search", () => {
  it("matches track titles and descriptions in any case", () => {
    expect(ids("esg")).toEqual(["esg"]);
    expect(ids("STRS")).toEqual(["aml"]);
    expect(ids("")).toEqual(["esg", "aml"]);
  });

  it("matches a track through one of its modules", () => {
    expect(ids("lease fraud")).toEqual(["aml"]);
    expect(ids("ghg protocol")).toEqual(["esg"]);
  });

  it("combines with the level filter, which is the track's own level", () => {
    expect(ids("", "advanced")).toEqual(["aml"]);
    expect(ids("", "intermediate")).toEqual(["esg"]);
    // The ESG track holds a beginner module, but it is an intermediate track.
    expect(ids("", "beginner")).toEqual([]);
    expect(ids("ghg protocol", "beginner")).toEqual([]);
    expect(ids("lease", "beginner")).toEqual([]);
    expect(ids("nothing like this")).toEqual([]);
  });

  it("an unknown level means all levels", () => {
    expect(parseLevel("expert")).toBe("all");
    expect(parseLevel(null)).toBe("all");
  });
});
