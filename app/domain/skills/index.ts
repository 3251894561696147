export { SkillsGenerator } from "./skills-generator";
