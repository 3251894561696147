import { href } from "react-router";
import { getEnv } from "~/platform/lib/env.server";
import { PUBLIC_PAGES } from "~/platform/lib/public-pages";

// Course landings are listed too, though rendered per request: the training they embed will
// depend on the learner, which the public-page cache does not key on.
const COURSE_PAGES = [href("/courses/aml-fraud")];

export function loader() {
  const base = getEnv().APP_URL;
  const urls = [...PUBLIC_PAGES, ...COURSE_PAGES]
    .map((path) => `  <url><loc>${base}${path}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
