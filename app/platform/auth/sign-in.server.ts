import { parseWithZod } from "@conform-to/zod/v4";
import { type FormReply, type ReplyError, replyError } from "~/platform/lib/reply";
import { formRefused } from "~/platform/lib/reply.server";
import { APIError } from "better-auth/api";
import { redirect } from "react-router";
import { getLogger } from "~/platform/lib/logger.server";
import { type RateLimitRule, hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { emailFingerprint } from "~/platform/lib/server-secret.server";
import { checkPilotAccess } from "./allowlist.server";
import { getAuth } from "./auth.server";
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  DEFAULT_AFTER_SIGN_IN,
  PILOT_VERIFICATION_MS,
} from "./constants";
import { LoginCodeSchema, LoginEmailSchema } from "./schema";
import { type SignInClient, knownBrowserCookie, signInClient } from "./sign-in-client.server";
import { getEnv } from "~/platform/lib/env.server";
import { getDb } from "~/platform/db/db.server";
import { sendMail } from "~/platform/mail/index.server";

// Pilot sign-in (SPEC §4 "Pilot login", issue "Accounts and admin"): the server decides who gets
// a code, checks the code, and opens the session. Every step is logged as an event, never with a
// code or a token.

const WINDOW = 15 * 60_000;
/**
 * Counted per (email, browser) first, so a stranger's tries never lock the owner out; per email
 * across browsers, a ceiling that slows a guesser but lets past the browser that has signed in as
 * that email before; per address, a ceiling an office behind one gateway stays under.
 */
export const SIGN_IN_RATE_LIMITS = {
  codePerClient: { limit: 5, windowMs: WINDOW },
  codePerEmail: { limit: 20, windowMs: WINDOW },
  codePerIp: { limit: 1000, windowMs: WINDOW },
  verifyPerClient: { limit: 10, windowMs: WINDOW },
  verifyPerEmail: { limit: 50, windowMs: WINDOW },
  verifyPerIp: { limit: 1500, windowMs: WINDOW },
} satisfies Record<string, RateLimitRule>;

/** The counters a step hits, in order: the browser's own, the email's (unless known), the address's. */
async function signInLimits(
  step: "code" | "verify",
  email: string,
  client: SignInClient,
  clientIp: string,
): Promise<[string, RateLimitRule][]> {
  const scope = `sign-in-${step}`;
  const rules = SIGN_IN_RATE_LIMITS;
  const [perClient, perEmail, perIp] =
    step === "code"
      ? [rules.codePerClient, rules.codePerEmail, rules.codePerIp]
      : [rules.verifyPerClient, rules.verifyPerEmail, rules.verifyPerIp];
  return [
    [rateLimitKey(`${scope}-client`, { userId: `${email} ${client.key}` }), perClient],
    ...((await client.knows(email))
      ? []
      : [[rateLimitKey(scope, { email }), perEmail] as [string, RateLimitRule]]),
    [rateLimitKey(scope, { ip: clientIp }), perIp],
  ];
}

/** The sign-in form's answer at each step: a refusal is the one every action gives (FormReply). */
export type LoginReply =
  | ({ step: "email" } & FormReply)
  | { step: "code"; email: string; sentAt: string; ok: true; result?: undefined }
  | ({ step: "code"; email: string; sentAt?: undefined } & FormReply)
  | { step: "waitlist"; email: string; ok: true }
  | { step: "waitlist"; email: string; ok: false; error: ReplyError };

export interface LoginOutcome {
  status: number;
  headers: Record<string, string>;
  reply: LoginReply;
}

export interface LoginContext {
  clientIp: string;
  request: Request;
  /** Runs once the session is open (e.g. a guest's training moves to the account); may add a cookie. */
  onSignedIn?: (user: { id: string; email: string }) => Promise<string | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers no sooner than `ms` after `started`, so what the server did cannot be timed. */
async function settle<T>(started: number, value: T, ms = PILOT_VERIFICATION_MS): Promise<T> {
  const left = started + ms - Date.now();
  if (left > 0) await sleep(left);
  return value;
}

async function limited(
  rules: [string, RateLimitRule][],
): Promise<{ retryAfterSeconds: number; key: string } | null> {
  for (const [key, rule] of rules) {
    const verdict = await hitRateLimit(key, rule);
    if (!verdict.allowed) return { retryAfterSeconds: verdict.retryAfterSeconds, key };
  }
  return null;
}

/**
 * Sustained guessing at one email's codes, from browsers that have never signed in as it: the
 * administrators hear of it, once an hour at most per email.
 */
async function alertGuessing(email: string): Promise<void> {
  const once = await hitRateLimit(rateLimitKey("sign-in-alert", { email }), {
    limit: 1,
    windowMs: 60 * 60_000,
  });
  if (!once.allowed) return;
  const fingerprint = emailFingerprint(email);
  getLogger().warn({ event: "sign_in.sustained_guessing", email: fingerprint }, "sign-in");
  const accounts = await getDb()
    .selectFrom("user")
    .select("email")
    .where("role", "=", "admin")
    .execute();
  const admins = [...new Set([...getEnv().ADMIN_EMAILS, ...accounts.map((row) => row.email)])];
  await Promise.all(
    admins.map((to) =>
      sendMail({
        to,
        subject: "Kestrel: repeated wrong sign-in codes",
        text:
          `Wrong sign-in codes for one account (fingerprint ${fingerprint}) have reached the ` +
          `limit of ${SIGN_IN_RATE_LIMITS.verifyPerEmail.limit} in 15 minutes from browsers that ` +
          "have not signed in as it before. Those browsers are held back for now; the account's " +
          "own browser can still sign in. If it goes on, check the logs for sign_in.failed.",
      }),
    ),
  );
}

/**
 * Step 1: an email. Allowed pilots get a code by mail; any other email is sent to the waitlist.
 * Known and unknown accounts take the same path and the same time.
 */
export async function requestSignInCode(
  fields: Record<string, string>,
  { clientIp, request }: LoginContext,
): Promise<LoginOutcome> {
  const started = Date.now();
  const logger = getLogger();
  const submission = parseWithZod(new URLSearchParams(fields), { schema: LoginEmailSchema });
  if (submission.status !== "success") {
    return {
      status: 400,
      headers: {},
      reply: { step: "email", ...formRefused(submission, "validation") },
    };
  }
  const { email } = submission.value;
  const fingerprint = emailFingerprint(email);
  const client = await signInClient(request, clientIp);
  const cookie: Record<string, string> = client.setCookie ? { "Set-Cookie": client.setCookie } : {};
  const blocked = await limited(await signInLimits("code", email, client, clientIp));
  if (blocked) {
    logger.warn({ event: "sign_in.rate_limited", step: "code", email: fingerprint }, "sign-in");
    return {
      status: 429,
      headers: { ...cookie, "Retry-After": String(blocked.retryAfterSeconds) },
      reply: { step: "email", ...formRefused(submission, "rate_limited") },
    };
  }
  const access = await checkPilotAccess(email);
  if (!access.allowed) {
    logger.info({ event: "sign_in.not_allowed", email: fingerprint }, "sign-in");
    const reply = { step: "waitlist" as const, email, ok: true as const };
    return settle(started, { status: 200, headers: cookie, reply });
  }
  await getAuth().api.sendVerificationOTP({ body: { email, type: "sign-in" } });
  logger.info({ event: "sign_in.code_requested", email: fingerprint, via: access.via }, "sign-in");
  const reply = {
    step: "code" as const,
    email,
    sentAt: new Date().toISOString(),
    ok: true as const,
  };
  return settle(started, { status: 200, headers: cookie, reply });
}

const INVALID_CODE = "common:auth.errors.invalidCode";
const TOO_MANY_TRIES = "common:auth.errors.tooManyAttempts";
const CODE_ERRORS: Record<string, string> = {
  INVALID_OTP: INVALID_CODE,
  OTP_EXPIRED: "common:auth.errors.expiredCode",
  TOO_MANY_ATTEMPTS: TOO_MANY_TRIES,
};

/**
 * Counts one try at the email's current code in one statement, so tries sent together cannot all
 * read the same count: once the code has had its tries, every further one is refused, the right
 * code too, until a new code is asked for (with its own count).
 */
async function tryCode(email: string): Promise<boolean> {
  const issued = await getDb()
    .selectFrom("verification")
    .select("value")
    .where("identifier", "=", `sign-in-otp-${email}`)
    .executeTakeFirst();
  // No code (or one taken out for a try at this moment): nothing is compared, the store says no.
  if (!issued) return true;
  // The store rewrites its row after each wrong try; the code's hash stays, so it names the code.
  const code = issued.value.slice(0, issued.value.lastIndexOf(":"));
  const verdict = await hitRateLimit(rateLimitKey("sign-in-code-tries", { userId: code }), {
    limit: CODE_MAX_ATTEMPTS,
    windowMs: CODE_TTL_SECONDS * 1000,
  });
  return verdict.allowed;
}

/** Step 2: the code. A right one opens a session and redirects; a wrong one says why. */
export async function verifySignInCode(
  fields: Record<string, string>,
  { clientIp, request, onSignedIn }: LoginContext,
): Promise<LoginOutcome> {
  const logger = getLogger();
  const submission = parseWithZod(new URLSearchParams(fields), { schema: LoginCodeSchema });
  if (submission.status !== "success") {
    const email = typeof fields.email === "string" ? fields.email.trim().toLowerCase() : "";
    return {
      status: 400,
      headers: {},
      reply: { step: "code", email, ...formRefused(submission, "validation") },
    };
  }
  const { email, code, redirectTo } = submission.value;
  const fingerprint = emailFingerprint(email);
  const reject = (status: number, message: string, headers: Record<string, string> = {}) => ({
    status,
    headers,
    reply: {
      step: "code" as const,
      email,
      ...formRefused(submission, status === 429 ? "rate_limited" : "validation", {
        message,
        hideFields: ["code"],
      }),
    },
  });

  const client = await signInClient(request, clientIp);
  const blocked = await limited(await signInLimits("verify", email, client, clientIp));
  if (blocked) {
    logger.warn({ event: "sign_in.rate_limited", step: "verify", email: fingerprint }, "sign-in");
    if (blocked.key === rateLimitKey("sign-in-verify", { email })) await alertGuessing(email);
    return reject(429, "errors:rate_limited", { "Retry-After": String(blocked.retryAfterSeconds) });
  }
  // The allowlist may have changed since the code was sent.
  const access = await checkPilotAccess(email);
  if (!access.allowed) {
    logger.info({ event: "sign_in.not_allowed", email: fingerprint }, "sign-in");
    const error = replyError("forbidden");
    return { status: 403, headers: {}, reply: { step: "waitlist", email, ok: false, error } };
  }

  if (!(await tryCode(email))) {
    logger.info(
      { event: "sign_in.failed", email: fingerprint, reason: "TOO_MANY_ATTEMPTS" },
      "sign-in",
    );
    return reject(400, TOO_MANY_TRIES);
  }

  let headers: Headers;
  let userId: string;
  try {
    const result = await getAuth().api.signInEmailOTP({
      body: { email, otp: code },
      headers: request.headers,
      returnHeaders: true,
    });
    headers = result.headers;
    userId = result.response.user.id;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const reason = String((error.body as { code?: string } | undefined)?.code ?? "INVALID_OTP");
    logger.info({ event: "sign_in.failed", email: fingerprint, reason }, "sign-in");
    return reject(400, CODE_ERRORS[reason] ?? INVALID_CODE);
  }
  logger.info({ event: "sign_in.succeeded", email: fingerprint, userId }, "sign-in");
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  const extra = await onSignedIn?.({ id: userId, email });
  if (extra) cookies.append("Set-Cookie", extra);
  // This browser is now the owner's: the per-email ceiling no longer holds it back.
  cookies.append("Set-Cookie", await knownBrowserCookie(email));
  if (client.setCookie) cookies.append("Set-Cookie", client.setCookie);
  throw redirect(safeRedirect(redirectTo, DEFAULT_AFTER_SIGN_IN), { headers: cookies });
}

/** Ends the session on the server and clears its cookie; answers with the headers to send. */
export async function signOut(request: Request, userId?: string): Promise<Headers> {
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    // No session to end (already signed out): nothing to undo.
    if (!(error instanceof APIError)) throw error;
  }
  getLogger().info({ event: "sign_out", userId }, "sign-out");
  return headers;
}

/**
 * Opens a session for an email another party has proved (an organisation's OpenID provider):
 * the account is made if it is new; the session and its cookie are the email-code sign-in's.
 */
export async function signInVerifiedEmail(
  person: { email: string; name: string },
  request: Request,
): Promise<{ userId: string; created: boolean; headers: Headers }> {
  const result = await getAuth().api.signInVerifiedEmail({
    body: person,
    headers: request.headers,
    returnHeaders: true,
  });
  getLogger().info(
    {
      event: "sign_in.succeeded",
      email: emailFingerprint(person.email),
      userId: result.response.userId,
      via: "sso",
    },
    "sign-in",
  );
  return { ...result.response, headers: result.headers };
}
