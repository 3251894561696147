export { loadCourseAchievements } from "./achievements.server";
export { serveDeckFile } from "./deck-files.server";
export { getEsgCourse, ESG_COURSE_ID } from "./esg-course.server";
export type { Course } from "./content-schema.server";
export { buildCourseMedia } from "./media-build.server";
export { AUDIO_PATH, readManifest } from "./media.server";
export {
  type CourseActionResult,
  COURSE_RATE_LIMITS,
  type CoursePost,
  checkCoursePost,
  coursePostReply,
  courseEvidencePayload,
  loadCoursePage,
  recordCoursePost,
} from "./page.server";
export { moveCourseWork, resetCourseProgress } from "./progress.server";
export type { CourseMediaView, CoursePage } from "./types";
