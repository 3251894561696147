import {
  type Course,
  type CoursePost,
  checkCoursePost,
  courseEvidencePayload,
  coursePostReply,
  recordCoursePost,
} from "~/domain/courses/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { actorOf } from "./actor.server";
import { issueEarnedCertificates } from "./issue-certificates.server";

// A learner works through a course (docs/decisions/036): the visit, check or reveal, the course's
// completion, its evidence record and the certificate it earns are one commit.

export async function postCourseProgress(
  request: Request,
  form: FormData,
  clientIp: string,
  course: Course,
) {
  const checked = await checkCoursePost(request, form, clientIp, course);
  if ("reply" in checked) return checked.reply;
  const post: CoursePost = checked.post;
  const actor = await actorOf(request);
  const recorded = await inOneTransaction(async () => {
    const recorded = await recordCoursePost(post);
    const { account } = actor;
    if (recorded.completedNow && account) {
      await recordEvidence({
        organisationId: account.organisationId,
        user: account,
        learnerId: recorded.learnerId,
        kind: "course-completion",
        subject: `course:${course.id}`,
        scenarioId: course.id,
        payload: courseEvidencePayload(course, account, recorded.completedNow),
      });
      // The course certificate, issued now rather than on the next visit to the certificates page.
      await issueEarnedCertificates({
        ...actor,
        learner: { ...actor.learner, id: recorded.learnerId },
      });
    }
    return recorded;
  });
  return coursePostReply(post, recorded);
}
