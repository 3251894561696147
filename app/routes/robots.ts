import { REVEAL_PARAM } from "~/platform/ui/reveal-email";
import { getEnv } from "~/platform/lib/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /app",
    "Disallow: /e2e",
    // The click-to-reveal links (app/platform/ui/reveal-email.tsx): the addresses are not for crawlers.
    `Disallow: /*?${REVEAL_PARAM}=`,
    `Sitemap: ${getEnv().APP_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
