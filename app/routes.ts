import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route table of SPEC §2. Screens arrive with their features; until then their paths
// fall through to the catch-all and end at /404.
export default [
  index("routes/index.ts"),
  route("kestrel", "routes/kestrel.tsx"),
  route("kestrel/aml-demo", "routes/kestrel.aml-demo.tsx"),
  route("esg", "routes/esg.ts"),
  route("e2e", "routes/e2e.tsx"),
  route("partners", "routes/partners.tsx"),
  route("contact", "routes/contact.tsx"),
  route("demo", "routes/demo.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("courses/aml-fraud", "routes/courses.aml-fraud.tsx"),
  route("404", "routes/not-found.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("app", "routes/app.tsx"),
  route("training", "routes/training.tsx", [
    index("routes/training-home.tsx"),
    route("track/:trackId", "routes/training.track.tsx"),
    route("track/:trackId/module/:moduleId", "routes/training.track-module.tsx"),
    route("module/:moduleId", "routes/training.module.tsx"),
    route("lease-fraud-demo", "routes/training.lease-fraud-demo.tsx"),
    route("certificates", "routes/training.certificates.tsx"),
    route("notifications", "routes/training.notifications.tsx"),
    route("compliance", "routes/training.compliance.tsx"),
    route("requirements", "routes/training.requirements.tsx"),
    route("reports", "routes/training.reports.tsx"),
  ]),
  route("training/certificates/:code/pdf", "routes/training.certificate-pdf.ts"),
  route("training/certificates/:code/credential", "routes/training.certificate-credential.ts"),
  route("training/reports/:id/download", "routes/training.report-download.ts"),
  route("verify", "routes/verify.ts"),
  route("verify/:code", "routes/verify.code.tsx"),
  route("evidence/verify", "routes/evidence.verify.tsx"),
  // Every admin page checks the role and the session's second factor in its own loader (loaders
  // run side by side); the frame and the second-factor page need only the role.
  layout("routes/admin.tsx", [
    route("admin", "routes/admin.overview.tsx"),
    route("admin/waitlist", "routes/admin.waitlist.tsx"),
    route("admin/contact", "routes/admin.contact.tsx"),
    route("admin/demo", "routes/admin.demo.tsx"),
    route("admin/outbox", "routes/admin.outbox.tsx"),
    route("admin/allowlist", "routes/admin.allowlist.tsx"),
    route("admin/security", "routes/admin.security.tsx"),
    route("admin/certificates", "routes/admin.certificates.tsx"),
    route("admin/requirements", "routes/admin.requirements.tsx"),
  ]),

  // Resource routes
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("theme", "routes/theme.ts"),
  route("locale", "routes/locale.ts"),
  route("region", "routes/region.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/waitlist", "routes/api.waitlist.ts"),
  route("api/aml/guidance", "routes/api.aml-guidance.ts"),
  route("api/certificates/:code", "routes/api.certificates.ts"),
  route("api/evidence/verify", "routes/api.evidence-verify.ts"),
  route(".well-known/jwks.json", "routes/well-known.jwks.ts"),
  route("credentials/status/:list", "routes/credentials.status.ts"),
  route("admin/export/:dataset", "routes/admin.export.ts"),

  route("*", "routes/catch-all.ts"),
] satisfies RouteConfig;
