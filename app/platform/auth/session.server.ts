import { createHmac, timingSafeEqual } from "node:crypto";
import { data, href, redirect } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { getServerSecret } from "~/platform/lib/server-secret.server";
import { getAuth, sessionCookieName } from "./auth.server";
import {
  AUTH_COOKIE_PREFIX,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_REFRESH_SECONDS,
  SESSION_TTL_SECONDS,
} from "./constants";
import type { AuthUser } from "./user";

export interface AuthSession {
  id: string;
  token: string;
  createdAt: Date;
  expiresAt: Date;
  /** When this session proved the second factor, if it did. */
  secondFactorAt: Date | null;
}

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  /** Cookies to send back: a refreshed session, or the removal of a dead one. */
  headers: Headers;
}

const states = new WeakMap<Request, Promise<AuthState>>();

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** A session and its user as better-auth finds them, in the fields we use. */
interface FoundSession {
  session: { id: string; token: string; createdAt: Date; expiresAt: Date; secondFactorAt: unknown };
  user: {
    id: string;
    email: string;
    name: string;
    role?: string | null;
    twoFactorEnabled?: unknown;
  };
}

/** better-auth's cookies that change what reading a session does (decision 033). */
const SESSION_DATA_COOKIE = `${AUTH_COOKIE_PREFIX}.session_data`;
const DONT_REMEMBER_COOKIE = `${AUTH_COOKIE_PREFIX}.dont_remember`;

/** The Cookie header's session cookie, and whether better-auth's other session cookies came too. */
interface SessionCookies {
  /** As better-auth reads it: the first of the name, quotes removed, percent-decoded. */
  session: string | undefined;
  /** A cached session or a "don't remember me" cookie: better-auth must read the session. */
  others: boolean;
}

function sessionCookiesOf(request: Request): SessionCookies {
  const name = sessionCookieName();
  const found: SessionCookies = { session: undefined, others: false };
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const key = part.slice(0, equals).trim();
    if (key.startsWith(SESSION_DATA_COOKIE) || key === DONT_REMEMBER_COOKIE) found.others = true;
    if (key !== name || found.session !== undefined) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      found.session = value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      found.session = value;
    }
  }
  return found;
}

/** The token of a session cookie signed with our secret (better-call's `token.signature`). */
function verifiedToken(cookie: string): string | null {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return null;
  const token = cookie.slice(0, dot);
  // Compared as text: a base64 decoder would also accept the signature with characters added.
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(
    createHmac("sha256", getServerSecret()).update(token).digest("base64"),
  );
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

/**
 * A signed-in request's common case, read in one query: a correctly signed session cookie whose
 * session is unexpired and not yet due its daily roll forward. better-auth's `getSession` answers
 * the same, but through its endpoint pipeline, which cost more than the rest of a small page
 * under load (decision 033). `undefined` leaves every other case to better-auth: a forged or
 * unknown cookie, an expired session (it clears the cookie), one due a refresh (it writes the
 * new expiry and cookie), or its other cookies.
 */
async function findCurrentSession(cookies: SessionCookies): Promise<FoundSession | undefined> {
  const token = cookies.session && !cookies.others ? verifiedToken(cookies.session) : null;
  if (!token) return undefined;
  const row = await getDb()
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.user_id")
    .select([
      "session.id as sessionId",
      "session.expires_at",
      "session.created_at",
      "session.second_factor_at",
      "user.id as userId",
      "user.email",
      "user.name",
      "user.role",
      "user.two_factor_enabled",
    ])
    .where("session.token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const expiresAt = toDate(row.expires_at);
  const dueRefresh =
    expiresAt.getTime() - (SESSION_TTL_SECONDS - SESSION_REFRESH_SECONDS) * 1000 <= Date.now();
  if (expiresAt.getTime() <= Date.now() || dueRefresh) return undefined;
  return {
    session: {
      id: row.sessionId,
      token,
      createdAt: toDate(row.created_at),
      expiresAt,
      secondFactorAt: row.second_factor_at,
    },
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      twoFactorEnabled: row.two_factor_enabled,
    },
  };
}

/** The session as better-auth reads it, with the cookies it sets (a refresh, a removal). */
async function findSessionWithBetterAuth(request: Request, headers: Headers) {
  const result = await getAuth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return result.response;
}

async function readAuthState(request: Request): Promise<AuthState> {
  const headers = new Headers();
  const cookies = sessionCookiesOf(request);
  if (cookies.session === undefined) return { user: null, session: null, headers };
  const found =
    (await findCurrentSession(cookies)) ?? (await findSessionWithBetterAuth(request, headers));
  if (!found) return { user: null, session: null, headers };

  const createdAt = toDate(found.session.createdAt);
  const cap = new Date(createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  if (Date.now() > cap.getTime()) {
    // Past the absolute cap: the session ends here, whatever its rolling expiry says.
    await getDb().deleteFrom("session").where("id", "=", found.session.id).execute();
    getLogger().info(
      { event: "session.expired", userId: found.user.id },
      "session reached its cap",
    );
    return { user: null, session: null, headers };
  }
  let expiresAt = toDate(found.session.expiresAt);
  if (expiresAt > cap) {
    // better-auth rolled the expiry forward; it may not pass the cap.
    expiresAt = cap;
    await getDb()
      .updateTable("session")
      .set({ expires_at: cap.toISOString() })
      .where("id", "=", found.session.id)
      .execute();
  }
  const email = found.user.email.toLowerCase();
  const adminAccount = found.user.role === "admin" || getEnv().ADMIN_EMAILS.includes(email);
  const secondFactorAt = found.session.secondFactorAt;
  return {
    user: {
      id: found.user.id,
      email,
      name: found.user.name,
      // An administrator acts as one only once this session has proved the second factor.
      role: adminAccount && secondFactorAt ? "admin" : "learner",
      adminAccount,
      twoFactorEnabled: Boolean(found.user.twoFactorEnabled),
    },
    session: {
      id: found.session.id,
      token: found.session.token,
      createdAt,
      expiresAt,
      secondFactorAt: found.session.secondFactorAt ? toDate(found.session.secondFactorAt) : null,
    },
    headers,
  };
}

/** Who sent the request, read once per request however many loaders ask. */
export function getAuthState(request: Request): Promise<AuthState> {
  let state = states.get(request);
  if (!state) {
    state = readAuthState(request);
    states.set(request, state);
  }
  return state;
}

export async function getOptionalUser(request: Request): Promise<AuthUser | null> {
  return (await getAuthState(request)).user;
}

/**
 * The page the request is for, as a `redirectTo` back to it: a data request (`/admin.data`,
 * `/_root.data`, `?_routes=…`) names its page without React Router's additions.
 */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length).replace(/\/_(root)?$/, "/") || "/";
  }
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

/** The signed-in user, or a redirect to /login that comes back here after sign-in. */
export async function requireUser(request: Request): Promise<AuthUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    throw redirect(`${href("/login")}?${new URLSearchParams({ redirectTo: returnPath(request) })}`);
  }
  return user;
}

export const SECOND_FACTOR_PATH = href("/admin/security");

/** Whether the request comes from an administrator whose session proved a second factor. */
export async function isProvenAdmin(request: Request): Promise<boolean> {
  const { user, session } = await getAuthState(request);
  return user?.role === "admin" && Boolean(session?.secondFactorAt);
}

/**
 * An administrator whose session proved a second factor: anonymous visitors go to /login, other
 * users get 403, an admin without a verified second factor goes to set it up or enter it.
 */
export async function requireAdmin(
  request: Request,
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<{ user: AuthUser; session: AuthSession }> {
  const user = await requireUser(request);
  const { session } = await getAuthState(request);
  if (!user.adminAccount || !session) {
    throw data({ message: "Access to this resource is forbidden." }, { status: 403 });
  }
  if (secondFactor && user.role !== "admin") {
    throw redirect(
      `${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo: returnPath(request) })}`,
    );
  }
  return { user, session };
}
