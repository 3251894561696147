export { amlAction } from "./action.server";
export { moveAmlWork } from "./adoption.server";
export { loadAmlPreview } from "./page.server";
export { AML_LIMITS } from "./posts.server";
export { getPacks } from "./packs.server";
export { CalibrationSchema, evaluateGrading } from "./calibration.server";
export * as calibration from "./calibration.server";
export { decideReview, loadReview, loadReviewQueue, waitingReviews } from "./review.server";
