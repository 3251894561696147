export { exportFile, loadSkillsPage, skillsAction, type SkillsPage } from "./page.server";
export { runSkill } from "./generate.server";
export { getSkills, findSkill } from "./skills.server";
export { scrubPii } from "./pii";
