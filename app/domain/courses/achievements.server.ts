import type { Achievement } from "~/domain/training/index.server";
import { getEsgCourse } from "./esg-course.server";
import { loadCompletion } from "./progress.server";

// The courses a learner has completed in this cycle, as achievements a certificate is issued for.
export async function loadCourseAchievements(learnerId: string | null): Promise<Achievement[]> {
  if (!learnerId) return [];
  const course = getEsgCourse();
  const completion = await loadCompletion(learnerId, course.id);
  if (!completion) return [];
  return [
    {
      key: `course:${course.id}`,
      kind: "course",
      id: course.id,
      title: course.title.en,
      score: Math.round((completion.correct / completion.steps) * 100),
      completedAt: completion.completedAt,
    },
  ];
}
