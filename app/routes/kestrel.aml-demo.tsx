import { keepPageOnNetworkFailure } from "~/platform/lib/reply";
import { href } from "react-router";
import aml from "../../locales/en/aml.json";
import { AmlPreview, skipRevalidationForDrafts } from "~/domain/aml";
import { loadAmlPreview } from "~/domain/aml/index.server";
import { postAmlWork } from "~/workflows/aml-work.server";
import { addEnglishNamespaces, i18nForMatches, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { brand } from "~/platform/lib/brand";
import { publicPageMeta } from "~/platform/lib/page-meta";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/kestrel.aml-demo";

addEnglishNamespaces({ aml });

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return publicPageMeta(matches, {
    // SPEC §2: the live training preview lives at /{product}/aml-demo.
    path: href("/kestrel/aml-demo"),
    title: t("aml:demo.metaTitle", { product: brand.name }),
    description: t("aml:demo.metaDescription"),
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

export default function AmlDemo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("aml");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("previewTitle")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{t("demo.intro")}</p>
      <div className="mt-8">
        <AmlPreview preview={loaderData} />
      </div>
    </div>
  );
}
