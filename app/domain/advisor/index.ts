export { AdvisorPanel } from "./advisor-panel";
export type { AdvisorSource } from "./messages";
