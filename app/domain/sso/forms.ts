// The single sign-on settings form's parts (admin area): the schema brings zod, which only that
// page loads.
export {
  DEFAULT_CLAIMS,
  EMAIL_CODE_CHOICES,
  SSO_INTENTS,
  SsoSettingsSchema,
  type SsoSettingsInput,
} from "./schema";
