export { AuthProvider, useAuth } from "./auth-context";
export {
  CODE_LENGTH,
  CODE_TTL_SECONDS,
  DEFAULT_AFTER_SIGN_IN,
  LOGIN_INTENTS,
  LOGIN_TOAST_MS,
  PILOT_VERIFICATION_MS,
} from "./constants";
export {
  ALLOWLIST_KINDS,
  AllowlistEntrySchema,
  LoginCodeSchema,
  LoginEmailSchema,
  TotpCodeSchema,
  looksLikeEmail,
  type AllowlistEntryInput,
} from "./schema";
export { OneTimeCodeInput } from "./one-time-code-input";
export type { AuthUser } from "./user";
