import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getAuth, sessionCookieName } from "./auth.server";
import { SESSION_ABSOLUTE_SECONDS } from "./constants";
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

function hasSessionCookie(request: Request): boolean {
  const name = sessionCookieName();
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

async function readAuthState(request: Request): Promise<AuthState> {
  const headers = new Headers();
  if (!hasSessionCookie(request)) return { user: null, session: null, headers };
  const auth = getAuth();
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const found = result.response;
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
  const role = found.user.role === "admin" || getEnv().ADMIN_EMAILS.includes(email);
  return {
    user: {
      id: found.user.id,
      email,
      name: found.user.name,
      role: role ? "admin" : "learner",
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
    throw redirect(`/login?${new URLSearchParams({ redirectTo: returnPath(request) })}`);
  }
  return user;
}

export const SECOND_FACTOR_PATH = "/admin/security";

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
  if (user.role !== "admin" || !session) {
    throw data({ message: "Access to this resource is forbidden." }, { status: 403 });
  }
  if (secondFactor && !session.secondFactorAt) {
    throw redirect(
      `${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo: returnPath(request) })}`,
    );
  }
  return { user, session };
}
