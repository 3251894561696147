import { buildCourse } from "./course.server";
import type { Course } from "./content-schema.server";

// The ESG and AI ethics course (content/courses/esg-ai-ethics), read once per process.

export const ESG_COURSE_ID = "esg-ai-ethics";

const files = import.meta.glob<unknown>("../../../content/courses/esg-ai-ethics/**/*.json", {
  eager: true,
  import: "default",
});

let course: Course | undefined;

export function getEsgCourse(): Course {
  course ??= buildCourse(
    Object.fromEntries(
      Object.entries(files).map(([file, data]) => [
        file.replace(/^.*content\/courses\/esg-ai-ethics\//, ""),
        data,
      ]),
    ),
  );
  return course;
}
