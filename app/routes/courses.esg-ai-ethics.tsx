import { type ShouldRevalidateFunctionArgs, href } from "react-router";
import { CoursePageView } from "~/domain/courses";
import { getEsgCourse, loadCoursePage } from "~/domain/courses/index.server";
import { postCourseProgress } from "~/workflows/complete-course.server";
import { addEnglishNamespaces, i18nForMatches } from "~/platform/i18n";
import { readForm } from "~/platform/lib/api.server";
import { brand } from "~/platform/lib/brand";
import { requestInfoContext } from "~/platform/lib/request-context";
import esgCourse from "../../locales/en/esgCourse.json";
import type { Route } from "./+types/courses.esg-ai-ethics";
import { publicPageMeta } from "~/platform/lib/page-meta";

addEnglishNamespaces({ esgCourse });

// SPEC §2: the free ESG and AI ethics course.

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return publicPageMeta(matches, {
    path: href("/courses/esg-ai-ethics"),
    title: t("esgCourse:metaTitle", { product: brand.name }),
    description: t("esgCourse:metaDescription"),
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return loadCoursePage(request, getEsgCourse());
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return postCourseProgress(
    request,
    form,
    context.get(requestInfoContext).clientIp,
    getEsgCourse(),
  );
}

/** A tab change or a narration's position changes nothing the loader reads. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "position") return false;
  if (!formData && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function EsgCourse({ loaderData }: Route.ComponentProps) {
  return <CoursePageView page={loaderData} />;
}
