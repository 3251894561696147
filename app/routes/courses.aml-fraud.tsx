import aml from "../../locales/en/aml.json";
import { AmlLanding } from "~/features/aml/landing";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/features/i18n";
import { brand } from "~/lib/brand";
import { ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/courses.aml-fraud";

addEnglishNamespaces({ aml });

// SPEC §2: the live training preview lives at /{product}/aml-demo.
const PREVIEW_PATH = `${brand.homePath}/aml-demo`;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  const root = matches.find((match) => match?.id === "root")?.data as
    { appUrl?: string } | undefined;
  const url = `${root?.appUrl ?? ""}/courses/aml-fraud`;
  const title = t("aml:landing.metaTitle", { product: brand.name });
  const description = t("aml:landing.metaDescription");
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.fullName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
  ];
};

export default function AmlCourseLanding() {
  const { t } = useTranslation("aml");
  return (
    <AmlLanding
      preview={
        <Card>
          <p className="text-slate-700 dark:text-slate-300">{t("landing.previewBody")}</p>
          <ButtonLink to={PREVIEW_PATH} className="mt-4">
            {t("landing.previewLink")}
          </ButtonLink>
        </Card>
      }
    />
  );
}
