export {
  addAllowlistEntry,
  checkPilotAccess,
  listAllowlist,
  listAllowlistChanges,
  removeAllowlistEntry,
  type AllowlistEntry,
  type PilotAccess,
} from "./allowlist.server";
export {
  type AccountSummary,
  accountByEmail,
  accountsOf,
  countActiveSessions,
  countUsers,
  type AccountState,
  accountStatesOf,
  createAccount,
  endSessionsOf,
  inactiveAccountsOf,
  setAccountActive,
  updateAccount,
} from "./accounts.server";
export { getAuth, sessionCookieName } from "./auth.server";
export {
  TOTP_RATE_LIMIT,
  pendingTotpSetup,
  startTotpSetup,
  verifyTotp,
  type TotpSetup,
} from "./second-factor.server";
export {
  SECOND_FACTOR_PATH,
  getAuthState,
  getOptionalUser,
  isProvenAdmin,
  requireAdmin,
  requireUser,
  type AuthSession,
  type AuthState,
} from "./session.server";
export {
  SIGN_IN_RATE_LIMITS,
  requestSignInCode,
  signInVerifiedEmail,
  signOut,
  verifySignInCode,
  type LoginReply,
} from "./sign-in.server";
export { signInCodeMail } from "./sign-in-mail.server";
