export { routeLoginThroughSso } from "./login.server";
export { CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_AGE_SECONDS } from "./oidc.server";
export {
  type ConnectionReport,
  type SsoSettings,
  listSsoEvents,
  listSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  testSsoConnection,
} from "./settings.server";
export { SSO_CALLBACK_PATH, finishSsoSignIn } from "./sign-in.server";
