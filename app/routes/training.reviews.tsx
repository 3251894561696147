import { ReviewQueue } from "~/domain/aml/reviews";
import { loadReviewQueue } from "~/domain/aml/index.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import aml from "../../locales/en/aml.json";
import type { Route } from "./+types/training.reviews";

addEnglishNamespaces({ aml });

// The answers a manager reviews: graded automatically, waiting for a person (docs/decisions/038).
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("aml:review.title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export function loader({ request }: Route.LoaderArgs) {
  return loadReviewQueue(request);
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("aml");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("review.title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("review.intro")}</p>
      <ReviewQueue queue={loaderData} />
    </div>
  );
}
