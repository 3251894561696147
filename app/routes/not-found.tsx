import { data } from "react-router";
import { NotFoundCard } from "~/platform/shell/error-screens";
import { i18nForMatches } from "~/platform/i18n";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: i18nForMatches(matches).t("meta.notFoundTitle") },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundCard />;
}
