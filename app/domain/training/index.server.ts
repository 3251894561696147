export { answerStep } from "./answer.server";
export {
  GUEST_COOKIE,
  adoptGuestProgress,
  ensureLearner,
  type Learner,
  getLearner,
  purgeGuestLearners,
} from "./learners.server";
export {
  loadLearnerView,
  loadTrack,
  loadTrackModule,
  loadTrainingHome,
  catalogueTitles,
  resetLearnerProgress,
} from "./home.server";
export { answerModuleStep, loadPlayer } from "./player.server";
export { getCatalogue } from "./catalogue.server";
export { answerLeaseStep, loadLeaseDemo } from "./lease.server";
export {
  type Achievement,
  type LearnerAchievements,
  loadAchievements,
} from "./achievements.server";
export { type CompletedTake, completedModuleTakes } from "./records.server";
export { resetProgress } from "./progress.server";
export { MODULE_COUNT } from "./catalogue.server";
export {
  AnchorSchema,
  type ContentLanguage,
  LEVELS,
  LocalizedSchema,
  localize,
} from "./content-schema";
export { contentLanguage } from "./language";
export { progressResetAt } from "./learners.server";
