import { z } from "~/platform/lib/zod";
import { emailField, optionalText, requiredText } from "~/platform/lib/form-fields";

// SPEC §3 "Contact message" and "Demo request", §5 rules. Bounds are ours (the SPEC sets none):
// generous for people, finite for the database.
// SPEC §3 "Contact message" and "Demo request": the values stored, in the SPEC's order.
export const INQUIRY_TYPES = ["general", "demo", "partnership", "support", "enterprise"] as const;
export const COMPANY_SIZES = ["1-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;
export const USE_CASES = [
  "esg-reporting",
  "aml-compliance",
  "regulatory-compliance",
  "risk-management",
  "workforce-training",
  "multiple",
] as const;
export const PREFERRED_TIMES = ["morning", "afternoon", "evening"] as const;
export const CONTACT_LIMITS = {
  name: 120,
  company: 160,
  message: 5000,
  short: 120,
  details: 3000,
} as const;

// The contact form words its messages with a full stop (SPEC §5).
const CONTACT_REQUIRED = "contact:required";
const CONTACT_EMAIL = "contact:invalidEmail";

export const ContactMessageSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, CONTACT_REQUIRED),
  email: emailField(CONTACT_EMAIL, CONTACT_REQUIRED),
  company: optionalText(CONTACT_LIMITS.company),
  inquiryType: z.enum(INQUIRY_TYPES, { error: CONTACT_REQUIRED }).default("general"),
  message: requiredText(CONTACT_LIMITS.message, CONTACT_REQUIRED),
});

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

export const DemoRequestSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: emailField(),
  company: requiredText(CONTACT_LIMITS.company),
  jobTitle: optionalText(CONTACT_LIMITS.short),
  companySize: optionalChoice(COMPANY_SIZES),
  useCase: optionalChoice(USE_CASES),
  preferredTime: optionalChoice(PREFERRED_TIMES),
  details: optionalText(CONTACT_LIMITS.details),
});

export type ContactMessage = z.output<typeof ContactMessageSchema>;
export type DemoRequest = z.output<typeof DemoRequestSchema>;
