import { createCookie } from "react-router";
import type { JWTPayload } from "jose";
import { addToGroup, groupsOf, joinOrganisation } from "~/domain/compliance/index.server";
import { signInVerifiedEmail } from "~/platform/auth/index.server";
import { getDb } from "~/platform/db/db.server";
import { getEnv, usesHttps } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { emailFingerprint } from "~/platform/lib/server-secret.server";
import { z } from "~/platform/lib/zod";
import {
  OidcError,
  authorizationUrl,
  discover,
  exchangeCode,
  randomToken,
  verifyIdToken,
} from "./oidc.server";
import { type SsoConnection, recordSsoEvent, ssoConnectionOf } from "./settings.server";

// A sign-in through an organisation's provider (decision 048): the login page sends the email's
// owner to the provider with a fresh state, nonce and PKCE verifier, kept on the server and tied
// to this browser by a cookie; the callback takes them once, trades the code, checks the ID token
// and opens the same session an email code would. Every outcome is in the audit trail.

/** How long a sign-in may stay at the provider. */
export const SSO_STATE_TTL_SECONDS = 10 * 60;
/** Sign-ins started per address in 15 minutes: each stores a row until it comes back or expires. */
export const SSO_START_LIMIT = { limit: 30, windowMs: 15 * 60_000 };
/** At most this many group names are read from the groups claim. */
const MAX_GROUPS = 100;

export const SSO_CALLBACK_PATH = "/sso/callback";
const stateCookie = createCookie("kestrel-sso", {
  path: "/sso",
  sameSite: "lax",
  httpOnly: true,
  maxAge: SSO_STATE_TTL_SECONDS,
});

export const ssoRedirectUri = () => `${getEnv().APP_URL}${SSO_CALLBACK_PATH}`;

export type SsoStart =
  | { ok: true; location: string; cookie: string }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number }
  | { ok: false; reason: "unavailable" };

/** Sends `email`'s owner to their organisation's provider, coming back to `redirectTo`. */
export async function startSsoSignIn(
  organisationId: number,
  { email, redirectTo, clientIp }: { email: string; redirectTo: string; clientIp: string },
  now = new Date(),
): Promise<SsoStart> {
  const verdict = await hitRateLimit(rateLimitKey("sso-start", { ip: clientIp }), SSO_START_LIMIT);
  if (!verdict.allowed) {
    return { ok: false, reason: "rate_limited", retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const connection = await ssoConnectionOf(organisationId);
  if (!connection) return { ok: false, reason: "unavailable" };
  let location: string;
  const state = randomToken();
  const nonce = randomToken();
  const codeVerifier = randomToken();
  try {
    const discovery = await discover(connection.issuer);
    location = authorizationUrl(discovery, {
      clientId: connection.clientId,
      redirectUri: ssoRedirectUri(),
      state,
      nonce,
      codeVerifier,
      loginHint: email,
    });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    await recordSsoEvent({
      organisationId,
      kind: "sign_in.failed",
      actor: email,
      detail: `${error.reason}: ${error.message}`,
    });
    return { ok: false, reason: "unavailable" };
  }
  const db = getDb();
  await db.deleteFrom("sso_login_state").where("expires_at", "<", now.toISOString()).execute();
  await db
    .insertInto("sso_login_state")
    .values({
      state,
      organisation_id: organisationId,
      nonce,
      code_verifier: codeVerifier,
      redirect_to: redirectTo,
      expires_at: new Date(now.getTime() + SSO_STATE_TTL_SECONDS * 1000).toISOString(),
    })
    .execute();
  const cookie = await stateCookie.serialize(state, { secure: usesHttps() });
  return { ok: true, location, cookie };
}

const CallbackSchema = z.object({
  state: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code: z.string().min(1).max(2048),
});

export type SsoFinish =
  | { ok: true; userId: string; email: string; redirectTo: string; headers: Headers }
  | { ok: false; reason: string; headers: Headers };

/** The claim `name` of the token, when it is a string. */
function stringClaim(payload: JWTPayload, name: string): string | undefined {
  const value = payload[name];
  return typeof value === "string" ? value : undefined;
}

/** Group names from the groups claim: a list of strings (or one string), trimmed, capped. */
function groupNames(payload: JWTPayload, name: string): string[] {
  const value = payload[name];
  const list = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  return [
    ...new Set(
      list
        .filter((item): item is string => typeof item === "string")
        .map((item) => item.trim())
        .filter((item) => item.length > 0 && item.length <= 200),
    ),
  ].slice(0, MAX_GROUPS);
}

/**
 * Puts a member in the organisation's groups the provider named (by name, any kind). Names with no
 * such group are not made into groups: which groups exist, and of which kind, stays the managers'
 * choice (decision 048). Nobody is taken out of a group here.
 */
async function joinNamedGroups(
  organisationId: number,
  userId: string,
  names: string[],
  now: Date,
): Promise<{ joined: string[]; unknown: string[] }> {
  if (names.length === 0) return { joined: [], unknown: [] };
  const wanted = new Set(names);
  const groups = (await groupsOf(organisationId)).filter((group) => wanted.has(group.name));
  for (const group of groups) {
    if (!group.memberIds.includes(userId))
      await addToGroup(group.id, userId, "single sign-on", now);
  }
  const found = new Set(groups.map((group) => group.name));
  return {
    joined: names.filter((name) => found.has(name)),
    unknown: names.filter((name) => !found.has(name)),
  };
}

/** The person the ID token names, or the reason it does not name one we may let in. */
function personOf(
  payload: JWTPayload,
  connection: SsoConnection,
): { email: string; name: string; groups: string[] } | { reason: string } {
  const raw = stringClaim(payload, connection.emailClaim)?.trim().toLowerCase();
  if (!raw || raw.length > 254 || !z.email().safeParse(raw).success) {
    return { reason: "email_claim_missing" };
  }
  if (payload.email_verified === false) return { reason: "email_not_verified" };
  const domain = raw.slice(raw.lastIndexOf("@") + 1);
  if (!connection.domains.includes(domain)) return { reason: "email_domain_not_allowed" };
  const name = (stringClaim(payload, connection.nameClaim) ?? "").trim().slice(0, 200);
  return { email: raw, name, groups: groupNames(payload, connection.groupsClaim) };
}

/** The provider's answer at the callback: a session, or the reason there is none. */
export async function finishSsoSignIn(request: Request, now = new Date()): Promise<SsoFinish> {
  const headers = new Headers();
  // The state is single use whatever happens: the browser's cookie goes.
  headers.append("Set-Cookie", await stateCookie.serialize("", { maxAge: 0, secure: usesHttps() }));
  const logger = getLogger();
  const url = new URL(request.url);
  let organisationId: number | null = null;
  let actor: string | null = null;
  const fail = async (reason: string, message = reason): Promise<SsoFinish> => {
    logger.info({ event: "sso.sign_in_failed", reason, organisationId }, "sso");
    await recordSsoEvent({ organisationId, kind: "sign_in.failed", actor, detail: message });
    return { ok: false, reason, headers };
  };

  const providerError = url.searchParams.get("error");
  const parsed = CallbackSchema.safeParse({
    state: url.searchParams.get("state"),
    code: url.searchParams.get("code"),
  });
  const kept: unknown = await stateCookie.parse(request.headers.get("Cookie"));
  const state = parsed.success ? parsed.data.state : url.searchParams.get("state");
  // Not the state this browser was sent with: a forged or stolen link. Left in place for its owner.
  if (typeof state !== "string" || state !== kept) return fail("state_mismatch");

  const taken = await getDb()
    .deleteFrom("sso_login_state")
    .where("state", "=", state)
    .returningAll()
    .executeTakeFirst();
  if (!taken) return fail("state_unknown", "state_unknown: already used, expired or never issued");
  organisationId = Number(taken.organisation_id);
  if (taken.expires_at < now.toISOString()) return fail("state_expired");
  if (providerError) {
    return fail(
      "provider_error",
      `provider_error: ${providerError.replace(/[^\w.-]/g, "").slice(0, 64)}`,
    );
  }
  if (!parsed.success) return fail("callback_malformed");

  const connection = await ssoConnectionOf(organisationId);
  if (!connection) return fail("sso_not_configured");
  if (connection.clientSecret === null) return fail("client_secret_unreadable");
  let payload: JWTPayload;
  try {
    const discovery = await discover(connection.issuer);
    const idToken = await exchangeCode(discovery, {
      clientId: connection.clientId,
      clientSecret: connection.clientSecret,
      redirectUri: ssoRedirectUri(),
      code: parsed.data.code,
      codeVerifier: taken.code_verifier,
    });
    payload = await verifyIdToken(idToken, {
      issuer: connection.issuer,
      clientId: connection.clientId,
      jwksUri: discovery.jwks_uri,
      nonce: taken.nonce,
    });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    return fail(error.reason, `${error.reason}: ${error.message}`);
  }
  const person = personOf(payload, connection);
  if ("reason" in person) {
    actor = stringClaim(payload, connection.emailClaim)?.slice(0, 254) ?? null;
    return fail(person.reason);
  }
  actor = person.email;

  const session = await signInVerifiedEmail({ email: person.email, name: person.name }, request);
  for (const cookie of session.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const member = (await joinOrganisation(organisationId, session.userId, now)) === organisationId;
  const groups = member
    ? await joinNamedGroups(organisationId, session.userId, person.groups, now)
    : { joined: [], unknown: person.groups };
  const details = [
    session.created ? "account created" : "existing account",
    member ? null : "member of another organisation: groups not applied",
    groups.joined.length > 0 ? `groups: ${groups.joined.join(", ")}` : null,
    groups.unknown.length > 0 ? `no such group (ignored): ${groups.unknown.join(", ")}` : null,
  ].filter(Boolean);
  await recordSsoEvent({
    organisationId,
    kind: "sign_in.succeeded",
    actor: person.email,
    detail: details.join("; "),
  });
  logger.info(
    { event: "sso.signed_in", email: emailFingerprint(person.email), organisationId },
    "sso",
  );
  return {
    ok: true,
    userId: session.userId,
    email: person.email,
    redirectTo: taken.redirect_to,
    headers,
  };
}
