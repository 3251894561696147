import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The route table of SPEC §2. Screens arrive with their features; until then their paths
// fall through to the catch-all and end at /404.
export default [
  index("routes/index.ts"),
  route("kestrel", "routes/kestrel.tsx"),
  route("esg", "routes/esg.ts"),
  route("e2e", "routes/e2e.tsx"),
  route("partners", "routes/partners.tsx"),
  route("contact", "routes/contact.tsx"),
  route("demo", "routes/demo.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("404", "routes/not-found.tsx"),

  // Resource routes
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("theme", "routes/theme.ts"),
  route("locale", "routes/locale.ts"),
  route("region", "routes/region.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/waitlist", "routes/api.waitlist.ts"),

  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
