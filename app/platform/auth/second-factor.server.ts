import { APIError } from "better-auth/api";
import { getDb } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { getAuth, sessionCookieName } from "./auth.server";
import type { AuthSession } from "./session.server";
import type { AuthUser } from "./user";

// Admins prove a second factor (TOTP, better-auth's twoFactor plugin) in each session before
// /admin opens. The plugin checks codes; which session proved one is ours to record.

export const TOTP_RATE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export interface TotpSetup {
  totpUri: string;
  /** The secret as authenticator apps take it by hand (base32, from the URI). */
  secret: string;
}

function secretOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get("secret") ?? "";
}

/** Starts (or restarts) TOTP enrolment: a new secret for the admin's authenticator app. */
export async function startTotpSetup(request: Request): Promise<TotpSetup> {
  const result = await getAuth().api.enableTwoFactor({ body: {}, headers: request.headers });
  if (!("totpURI" in result) || !result.totpURI) throw new Error("TOTP enrolment gave no URI");
  return { totpUri: result.totpURI, secret: secretOf(result.totpURI) };
}

/** The enrolment under way (secret made, first code not yet entered), to show it again. */
export async function pendingTotpSetup(
  request: Request,
  user: AuthUser,
): Promise<TotpSetup | null> {
  if (user.twoFactorEnabled) return null;
  const row = await getDb()
    .selectFrom("two_factor")
    .select("id")
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!row) return null;
  const { totpURI } = await getAuth().api.getTOTPURI({ body: {}, headers: request.headers });
  return { totpUri: totpURI, secret: secretOf(totpURI) };
}

function sessionTokenFrom(headers: Headers): string | null {
  const name = sessionCookieName();
  for (const cookie of headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const eq = pair.indexOf("=");
    if (pair.slice(0, eq).trim() !== name) continue;
    // The cookie holds `token.signature`, URL-encoded.
    const value = decodeURIComponent(pair.slice(eq + 1));
    return value ? (value.split(".")[0] ?? null) : null;
  }
  return null;
}

export type TotpVerdict =
  | { ok: true; headers: Headers }
  | { ok: false; reason: "invalid" | "rate_limited"; retryAfterSeconds?: number };

/**
 * Checks a TOTP code for the signed-in admin. The first right code finishes enrolment (the plugin
 * then replaces the session); either way the session that holds the cookie is marked as having
 * proved the second factor.
 */
export async function verifyTotp(
  request: Request,
  user: AuthUser,
  session: AuthSession,
  code: string,
): Promise<TotpVerdict> {
  const logger = getLogger();
  const verdict = await hitRateLimit(rateLimitKey("totp", { userId: user.id }), TOTP_RATE_LIMIT);
  if (!verdict.allowed) {
    logger.warn({ event: "second_factor.rate_limited", userId: user.id }, "second factor");
    return { ok: false, reason: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
  }
  let headers: Headers;
  try {
    const result = await getAuth().api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    headers = result.headers;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.info({ event: "second_factor.failed", userId: user.id }, "second factor");
    return { ok: false, reason: "invalid" };
  }
  const token = sessionTokenFrom(headers) ?? session.token;
  await getDb()
    .updateTable("session")
    .set({ second_factor_at: new Date().toISOString() })
    .where("token", "=", token)
    .where("user_id", "=", user.id)
    .execute();
  logger.info(
    { event: "second_factor.verified", userId: user.id, enrolled: !user.twoFactorEnabled },
    "second factor",
  );
  return { ok: true, headers };
}
