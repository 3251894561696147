export type { Level } from "./content-schema";
export { TrainingHeader } from "./training-header";
export { ModulePlayer, GuestNotice } from "./module-player";
export { ModuleIntro } from "./module-intro";
export { TrainingErrorBoundary } from "./not-found";
export {
  ModuleCardView,
  TrackCard,
  TrackCounts,
  Counts,
  StatusLabel,
  LevelBadge,
  moduleAction,
} from "./track-views";
export { StepContent, RecordsTable } from "./step-content";
export { skipRevalidationAfterAnswer } from "./question-form";
export { LeaseDemo } from "./lease-demo";
export { ReportingGuide } from "./reporting-guide";
export { SpotTheSignals } from "./spot-the-signals";
export { FinalAssessment, TrackFinalCard } from "./final-assessment";
