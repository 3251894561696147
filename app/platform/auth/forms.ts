// The sign-in and administration forms' parts, apart from index.ts: their schemas bring zod, which
// only pages with these forms should load (index.ts is on every page through the header).
export {
  ALLOWLIST_KINDS,
  AllowlistEntrySchema,
  LoginCodeSchema,
  LoginEmailSchema,
  TotpCodeSchema,
  type AllowlistEntryInput,
} from "./schema";
export { LoginCodeForm } from "./login-code-form";
export { LoginEmailForm } from "./login-email-form";
export { LoginToast } from "./login-toast";
export { NotInPilot } from "./not-in-pilot";
export { OneTimeCodeInput } from "./one-time-code-input";
