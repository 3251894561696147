import { z } from "~/platform/lib/zod";

// Field schemas shared by every form (SPEC §5). Messages are dictionary keys, with any values after
// `?` (`validation:maxLength?max=120`), so each screen shows them in the reader's language and API
// answers carry the English text.
export const FIELD_MESSAGES = {
  required: "validation:required",
  email: "validation:email",
  emailShort: "validation:emailShort",
  consent: "validation:consent",
} as const;

export const maxLengthMessage = (max: number) => `validation:maxLength?max=${max}`;

const present = (message: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? message : undefined),
  });

/** A required line of text, trimmed, at most `max` characters. */
export function requiredText(max: number, required: string = FIELD_MESSAGES.required) {
  return present(required).trim().min(1, required).max(max, maxLengthMessage(max));
}

/** An optional line of text; blank becomes `undefined`. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** An email address, trimmed and lower-cased; `invalid` is the form's own wording (SPEC §5). */
export function emailField(
  invalid: string = FIELD_MESSAGES.email,
  required: string = FIELD_MESSAGES.required,
) {
  return present(required)
    .trim()
    .min(1, required)
    .max(254, maxLengthMessage(254))
    .pipe(z.email({ error: invalid }))
    .transform((email) => email.toLowerCase());
}

/** A checkbox that must be ticked: `true` from JSON, "on" or "true" from a form. */
export function requiredConsent() {
  return z.preprocess(
    (value) => value === true || value === "on" || value === "true",
    z.literal(true, { error: FIELD_MESSAGES.consent }),
  );
}
