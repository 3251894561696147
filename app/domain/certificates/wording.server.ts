import { getEsgCourse } from "~/domain/courses/index.server";
import { achievementTitle, contentLanguage } from "~/domain/training/index.server";
import { type Locale, getI18n } from "~/platform/i18n";
import { type CertificatePayload, descriptionKey } from "./issue.server";

/**
 * A certificate's title and description in the reader's language (issue: content in the learner's
 * language): both come from the achievement the signed payload names, so a Vietnamese reader of a
 * certificate issued in Thai reads Vietnamese. The holder's name stays as written, and the signed
 * payload, its language and its title, is what verification checks, unchanged.
 */
export function certificateWording(
  payload: Pick<CertificatePayload, "title" | "description" | "achievement">,
  locale: Locale,
): { title: string; description: string } {
  const language = contentLanguage(locale);
  const { kind, id } = payload.achievement;
  const course = getEsgCourse();
  const title =
    kind === "course"
      ? id === course.id
        ? (course.title[language] ?? course.title.en)
        : null
      : achievementTitle(kind, id, language);
  if (title === null) return { title: payload.title, description: payload.description };
  const { t } = getI18n(locale);
  return { title, description: t(descriptionKey(kind), { title }) };
}
