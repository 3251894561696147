// Sign-in constants: SPEC §9 for what the visitor sees, issue "Accounts and admin" for the rules.
import { href } from "react-router";

/** SPEC §9: the pilot login's verification state lasts about a second. */
export const PILOT_VERIFICATION_MS = 1000;
/** SPEC §9: the login toast disappears after 2.6 s. */
export const LOGIN_TOAST_MS = 2600;

export const CODE_LENGTH = 6;
/** A code is valid 10 minutes, single use, at most 5 wrong tries. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;

/** Sessions roll for 30 days of use, refreshed at most daily, never past 90 days from sign-in. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 90 * 24 * 60 * 60;

/**
 * better-auth names every cookie it sets `kestrel.…` (the session's is `__Host-kestrel.session`
 * over HTTPS); the page cache treats any of them as a signed-in visitor.
 */
export const AUTH_COOKIE_PREFIX = "kestrel";

/** Where a signed-in pilot lands when no page sent them. */
export const DEFAULT_AFTER_SIGN_IN = href("/app");

export const LOGIN_INTENTS = {
  requestCode: "request-code",
  verifyCode: "verify-code",
} as const;

/** Where the waitlist links of the sign-in page go without JavaScript (SPEC §4). */
export const LOGIN_WAITLIST_PATH = `${href("/demo")}?waitlist=open#waitlist`;
