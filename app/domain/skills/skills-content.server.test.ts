import { describe, expect, it } from "vitest";
import { z } from "~/platform/lib/zod";
import { type Skill, SkillSchema } from "./content-schema.server";

const skillFiles = import.meta.glob<unknown>("../../../content/skills/*.json", {
  eager: true,
  import: "default",
});
const passageFiles = import.meta.glob<unknown>("../../../content/knowledge-base/passages/*.json", {
  eager: true,
  import: "default",
});

/** Each skill file by its name without `.json`. */
const byName = Object.entries(skillFiles).map(([file, data]) => ({
  name: file.replace(/^.*\/|\.json$/g, ""),
  data,
}));
const skills: Skill[] = byName.flatMap(({ data }) => SkillSchema.safeParse(data).data ?? []);

// Only a passage's topic matters here; the passages' own test checks the rest of them.
const passageTopics = new Set(
  Object.values(passageFiles).map((data) => z.object({ topic: z.string() }).parse(data).topic),
);

describe("skill content", () => {
  it("has at least seven skill files, each matching the skill schema", () => {
    expect(byName.length).toBeGreaterThanOrEqual(7);
    for (const { name, data } of byName) {
      const parsed = SkillSchema.safeParse(data);
      expect(parsed.error?.issues, name).toBeUndefined();
    }
  });

  it("names each skill file after the skill's id", () => {
    const misnamed = byName.filter(
      ({ name, data }) => SkillSchema.safeParse(data).data?.id !== name,
    );
    expect(misnamed.map(({ name }) => name)).toEqual([]);
  });

  it("uses no id twice", () => {
    const ids = skills.map((skill) => skill.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("asks only for topics the knowledge base has passages on, so every draft can cite sources", () => {
    const uncovered = skills.flatMap((skill) =>
      skill.topics
        .filter((topic) => !passageTopics.has(topic))
        .map((topic) => `${skill.id}: ${topic}`),
    );
    expect(uncovered).toEqual([]);
  });

  it("sets out the STR narrative as who, what, when, where, why and how", () => {
    const narrative = skills.find((skill) => skill.id === "str-narrative");
    const openers = narrative?.template.sections.map(
      (section) => /^\w+/.exec(section.heading)?.[0].toLowerCase() ?? "",
    );
    expect(openers).toEqual(expect.arrayContaining(["who", "what", "when", "where", "why", "how"]));
  });
});
