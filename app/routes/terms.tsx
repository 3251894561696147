import { LegalPage } from "~/platform/legal";
import { getLocaleState } from "~/platform/i18n/index.server";
import { getLegalDocument } from "~/platform/legal/index.server";
import type { Route } from "./+types/terms";

export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = await getLocaleState(request);
  return getLegalDocument("terms", locale);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? ""} | Kestrel` },
  { name: "description", content: loaderData?.intro ?? "" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
