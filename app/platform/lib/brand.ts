// Every brand string lives here so an operator can rebrand without touching screens (SPEC preamble).
import { href } from "react-router";

export const brand = {
  name: "Kestrel",
  fullName: "Kestrel Compliance Academy",
  slug: "kestrel",
  homePath: href("/kestrel"),
  tenantId: "kestrel-enterprise",
  waitlistProduct: "kestrel_enterprise_pilot",
  company: "Kestrel Learning Inc.",
  companyCity: "Vancouver, Canada",
  region: "Asia-Pacific & Canada",
  emails: {
    hello: "hello@kestrel.academy",
    support: "support@kestrel.academy",
    partners: "partners@kestrel.academy",
    privacy: "privacy@kestrel.academy",
    /** Where contact messages and demo requests are mailed. */
    team: "team@kestrel.academy",
    /** The sender of every mail the product sends. */
    noreply: "no-reply@kestrel.academy",
  },
  campusUrl: "https://campus.kestrel.academy",
} as const;
