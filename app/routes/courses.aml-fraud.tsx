import { keepPageOnNetworkFailure } from "~/platform/lib/reply";
import aml from "../../locales/en/aml.json";
import { Link, href } from "react-router";
import { AmlPreview, skipRevalidationForDrafts } from "~/domain/aml";
import { loadAmlPreview } from "~/domain/aml/index.server";
import { postAmlWork } from "~/workflows/aml-work.server";
import { AmlLanding } from "~/domain/aml/landing";
import { readFormFields } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { brand } from "~/platform/lib/brand";
import type { Route } from "./+types/courses.aml-fraud";
import { publicPageMeta } from "~/platform/lib/page-meta";

addEnglishNamespaces({ aml });

// SPEC §2: the live training preview lives at /{product}/aml-demo.
const PREVIEW_PATH = href("/kestrel/aml-demo");

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return publicPageMeta(matches, {
    path: href("/courses/aml-fraud"),
    title: t("aml:landing.metaTitle", { product: brand.name }),
    description: t("aml:landing.metaDescription"),
  });
};

export function loader({ request }: Route.LoaderArgs) {
  return loadAmlPreview(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  return postAmlWork(request, fields, context.get(requestInfoContext).clientIp);
}

export const shouldRevalidate = skipRevalidationForDrafts;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepPageOnNetworkFailure(serverAction);

export default function AmlCourseLanding({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("aml");
  return (
    <AmlLanding
      preview={
        <>
          <AmlPreview preview={loaderData} />
          <p className="mt-6">
            <Link to={PREVIEW_PATH} className="focus-ring font-semibold underline">
              {t("landing.previewLink")}
            </Link>
          </p>
        </>
      }
    />
  );
}
