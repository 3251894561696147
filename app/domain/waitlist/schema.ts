import { z } from "~/platform/lib/zod";
import { brand } from "~/platform/lib/brand";
import {
  FIELD_MESSAGES,
  emailField,
  optionalText,
  requiredConsent,
  requiredText,
} from "~/platform/lib/form-fields";

// SPEC §3 "Waitlist submission" and §7: {name, email, company, role, consent, website, product,
// timestamp}. `website` is the hidden honeypot: people leave it empty.
export const WAITLIST_LIMITS = {
  name: 120,
  company: 160,
  role: 120,
  bodyBytes: 16 * 1024,
} as const;

export const WaitlistSchema = z.object({
  name: requiredText(WAITLIST_LIMITS.name),
  email: emailField(FIELD_MESSAGES.emailShort),
  company: requiredText(WAITLIST_LIMITS.company),
  role: requiredText(WAITLIST_LIMITS.role),
  consent: requiredConsent(),
  website: z.string().max(2000).optional(),
  product: optionalText(64).pipe(z.string().default(brand.waitlistProduct)),
  timestamp: optionalText(64),
});

export type WaitlistSubmission = z.output<typeof WaitlistSchema>;
