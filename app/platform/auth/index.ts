// What every page may need (the header shows who is signed in); form parts are in forms.ts.
export { AuthProvider, useAuth } from "./auth-context";
export {
  CODE_LENGTH,
  CODE_TTL_SECONDS,
  DEFAULT_AFTER_SIGN_IN,
  LOGIN_INTENTS,
  PILOT_VERIFICATION_MS,
} from "./constants";
export type { AuthUser } from "./user";
