export {
  type AnswerOptions,
  answerReply,
  checkAnswer,
  takeEvidencePayload,
  takeMismatch,
} from "./answer.server";
export { LEASE_PREFIX, TakeMismatchError, recordAnswer } from "./progress.server";
export {
  GUEST_COOKIE,
  claimGuest,
  clearGuestCookie,
  guestIdOf,
  removeGuest,
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
} from "./home.server";
export { moduleAnswer, loadPlayer } from "./player.server";
export { getCatalogue } from "./catalogue.server";
export { leaseAnswer, loadLeaseDemo } from "./lease.server";
export { type Achievement, achievementTitle, achievementsOf } from "./achievements.server";
export { type CompletedTake, completedModuleTakes } from "./records.server";
export { resetProgress } from "./progress.server";
export { catalogueCounts } from "./catalogue.server";
export {
  AnchorSchema,
  CONTENT_LANGUAGES,
  type ContentLanguage,
  LEVELS,
  LocalizedSchema,
  localize,
} from "./content-schema";
export { CONTENT_LANGUAGE_LOCALES, contentLanguage } from "./language";
export { progressResetAt } from "./learners.server";
export { FINAL_DEFAULTS, type FinalSettings } from "./final.server";
export { loadFinal, recordFinal } from "./final-page.server";
export { DEFAULT_TIME_FLOOR_PERCENT, floorSeconds, isTooFast, secondsBetween } from "./timing";
export { newTakeKey, openedAt, shuffledFor } from "./draw.server";
