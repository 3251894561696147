// The course tabs (SPEC §2), free of the content schema so the page's script carries no validator.

export const COURSE_TABS = [
  "overview",
  "frameworks",
  "governance",
  "exercises",
  "results",
  "advisor",
] as const;
export type CourseTab = (typeof COURSE_TABS)[number];
/** The tabs whose visit counts towards the course (SPEC §2: progress total 4). */
export const LEARNING_TABS = ["overview", "frameworks", "governance", "exercises"] as const;
