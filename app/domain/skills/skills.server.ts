import { type Skill, SkillSchema } from "./content-schema.server";

// The skills of content/skills/, validated once per process, in a stable order.

const files = import.meta.glob<unknown>("../../../content/skills/*.json", {
  eager: true,
  import: "default",
});

let skills: Skill[] | undefined;

export function getSkills(): Skill[] {
  skills ??= Object.entries(files)
    .map(([file, data]) => {
      const parsed = SkillSchema.safeParse(data);
      if (!parsed.success) throw new Error(`${file} is not a skill: ${parsed.error.message}`);
      return parsed.data;
    })
    .sort((a, b) => SKILL_ORDER(a) - SKILL_ORDER(b) || a.id.localeCompare(b.id));
  return skills;
}

const CATEGORY_ORDER = ["aml", "kyc", "policy", "training", "esg", "ai"];
const SKILL_ORDER = (skill: Skill) => CATEGORY_ORDER.indexOf(skill.category);

export function findSkill(id: string): Skill | undefined {
  return getSkills().find((skill) => skill.id === id);
}
