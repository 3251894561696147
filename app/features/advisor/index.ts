export { AdvisorPanel } from "./advisor-panel";
