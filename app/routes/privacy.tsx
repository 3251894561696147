import { LegalPage } from "~/platform/legal";
import { getLegalDocument } from "~/platform/legal/index.server";
import type { Route } from "./+types/privacy";

export function loader() {
  return getLegalDocument("privacy");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? ""} | Kestrel` },
  { name: "description", content: loaderData?.intro ?? "" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
