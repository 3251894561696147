import { data, useSearchParams } from "react-router";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import type { Route } from "./+types/e2e";

// SPEC §2: a harness page with a fixed text. It can also show the error screens on request, so the
// error boundary is exercised through the real server: ?status=403 throws that status from the
// loader, ?crash=render fails while rendering.
const STATUSES = new Set([400, 401, 403, 404, 408, 429, 500, 503]);

export function loader({ request }: Route.LoaderArgs) {
  const status = Number(new URL(request.url).searchParams.get("status"));
  if (STATUSES.has(status)) throw data(null, { status });
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: i18nForMatches(matches).t("meta.e2eTitle") },
  { name: "robots", content: "noindex" },
];

export default function Harness() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (params.get("crash") === "render") throw new Error("Harness render crash");
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <p data-testid="e2e-text" className="text-lg">
        {t("e2e.text")}
      </p>
    </div>
  );
}
