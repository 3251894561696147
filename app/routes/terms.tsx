import { LegalPage } from "~/platform/legal";
import { getLegalDocument } from "~/platform/legal/index.server";
import type { Route } from "./+types/terms";

export function loader() {
  return getLegalDocument("terms");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? ""} | Kestrel` },
  { name: "description", content: loaderData?.intro ?? "" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData} />;
}
