import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { emailOTP } from "better-auth/plugins/email-otp";
import { twoFactor } from "better-auth/plugins/two-factor";
import { CamelCasePlugin } from "kysely";
import { getDb, isPostgresUrl } from "~/platform/db/db.server";
import { brand } from "~/platform/lib/brand";
import { getEnv, usesHttps } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { getServerSecret } from "~/platform/lib/server-secret.server";
import {
  AUTH_COOKIE_PREFIX,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  SESSION_REFRESH_SECONDS,
  SESSION_TTL_SECONDS,
} from "./constants";
import { sendSignInCode } from "./sign-in-mail.server";
import { verifiedSignIn } from "./verified-sign-in.server";

// better-auth on our database (docs/decisions/010-accounts-with-better-auth.md). Its HTTP handler
// is not mounted: our routes call `auth.api.*`, so our Origin check and rate limits apply.

export function sessionCookieName(https = usesHttps()): string {
  const name = `${AUTH_COOKIE_PREFIX}.session`;
  return https ? `__Host-${name}` : name;
}

function createAuth() {
  const env = getEnv();
  const https = usesHttps(env.APP_URL);
  const logger = getLogger().child({ component: "auth" });
  return betterAuth({
    appName: brand.fullName,
    baseURL: env.APP_URL,
    // Signs session cookies and encrypts TOTP secrets.
    secret: getServerSecret(),
    database: {
      // better-auth names columns in camelCase; the plugin maps them to our snake_case tables.
      db: getDb().withPlugin(new CamelCasePlugin()),
      type: isPostgresUrl(env.DATABASE_URL) ? "postgres" : "sqlite",
    },
    telemetry: { enabled: false },
    emailAndPassword: { enabled: false },
    // Ours run before every call (features/auth/sign-in.server.ts): per address and per email.
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "learner", input: false },
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      additionalFields: {
        secondFactorAt: { type: "date", required: false, input: false },
      },
    },
    advanced: {
      // `__Host-` needs Secure, Path=/ and no Domain; better-auth would only add `__Secure-`.
      useSecureCookies: false,
      cookiePrefix: AUTH_COOKIE_PREFIX,
      cookies: { session_token: { name: sessionCookieName(https) } },
      defaultCookieAttributes: { secure: https, sameSite: "lax", httpOnly: true, path: "/" },
    },
    databaseHooks: {
      user: {
        create: {
          // Bootstrap administrators (ADMIN_EMAILS) get the role when their account is made.
          before: async (user) => ({
            data: {
              ...user,
              role: env.ADMIN_EMAILS.includes(user.email.toLowerCase()) ? "admin" : "learner",
            },
          }),
        },
      },
      session: {
        create: {
          // An account its organisation deactivated (SCIM `active: false`) opens no session.
          before: async (session) => {
            const account = await getDb()
              .selectFrom("user")
              .select("deactivated_at")
              .where("id", "=", session.userId)
              .executeTakeFirst();
            if (account?.deactivated_at) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message: "Inactive." });
            }
          },
        },
      },
    },
    logger: {
      level: "warn",
      log: (level, message) => {
        logger[level]({ source: "better-auth" }, message);
      },
    },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_MAX_ATTEMPTS,
        storeOTP: "hashed",
        // The mail goes out off the request, so known and unknown emails answer alike.
        sendVerificationOTP: async ({ email, otp }) => {
          void sendSignInCode(email, otp);
        },
      }),
      twoFactor({ allowPasswordless: true, issuer: brand.fullName }),
      verifiedSignIn(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & {
  __kestrelAuth?: { db: ReturnType<typeof getDb>; auth: Auth };
};

/** One better-auth instance per database handle (a reopened database gets a new one). */
export function getAuth(): Auth {
  const db = getDb();
  if (holder.__kestrelAuth?.db !== db) holder.__kestrelAuth = { db, auth: createAuth() };
  return holder.__kestrelAuth.auth;
}
