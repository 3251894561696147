import { z } from "~/platform/lib/zod";
import { FIELD_MESSAGES, emailField } from "~/platform/lib/form-fields";
import { CODE_LENGTH, LOGIN_INTENTS } from "./constants";

/** A one-time code as people type it (spaces allowed): exactly the code's digits. */
function oneTimeCode(invalid: string, required: string = FIELD_MESSAGES.required) {
  return z
    .string({ error: required })
    .transform((code) => code.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, required)
        .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), invalid),
    );
}

// SPEC §5 "Pilot login": an email with no spaces, else 'Please enter a valid email address'.
export const LoginEmailSchema = z.object({
  intent: z.literal(LOGIN_INTENTS.requestCode),
  email: emailField(FIELD_MESSAGES.email),
  redirectTo: z.string().max(2048).optional(),
});

export const LoginCodeSchema = z.object({
  intent: z.literal(LOGIN_INTENTS.verifyCode),
  email: emailField(FIELD_MESSAGES.email),
  code: oneTimeCode("common:auth.codeFormat"),
  redirectTo: z.string().max(2048).optional(),
});

/** An authenticator's code, on the admin area's second-factor page. */
export const TotpCodeSchema = z.object({
  code: oneTimeCode("admin:security.codeFormat", "admin:security.codeFormat"),
});

/** The browser's own check before it asks the server: the same rule as the schema's. */
export function looksLikeEmail(value: string): boolean {
  return z.email().safeParse(value.trim()).success;
}

export const ALLOWLIST_KINDS = ["domain", "email"] as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An allowlist entry an admin adds: a domain (example.com, @example.com) or an email address. */
export const AllowlistEntrySchema = z
  .object({
    value: z
      .string({ error: FIELD_MESSAGES.required })
      .trim()
      .toLowerCase()
      .min(1, FIELD_MESSAGES.required)
      .max(254, "validation:maxLength?max=254"),
    organisation: z
      .string()
      .trim()
      .max(160, "validation:maxLength?max=160")
      .optional()
      .transform((value) => value || undefined),
  })
  .transform((entry, ctx) => {
    if (entry.value.includes("@") && !entry.value.startsWith("@")) {
      if (!z.email().safeParse(entry.value).success) {
        ctx.addIssue({ code: "custom", path: ["value"], message: FIELD_MESSAGES.email });
        return z.NEVER;
      }
      return { kind: "email" as const, value: entry.value, organisation: entry.organisation };
    }
    const domain = entry.value.replace(/^@/, "");
    if (!DOMAIN.test(domain)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "common:auth.domainFormat" });
      return z.NEVER;
    }
    return { kind: "domain" as const, value: domain, organisation: entry.organisation };
  });

export type AllowlistEntryInput = z.output<typeof AllowlistEntrySchema>;
