import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { usesHttps } from "~/platform/lib/env.server";
import { emailFingerprint } from "~/platform/lib/server-secret.server";

// Who is signing in, beyond the address they come from (issue: hardening): a random id for the
// browser, kept in a cookie from its first visit to /login, so that failures are counted per
// (email, browser) and a stranger's wrong codes never lock the owner out; and a mark that this
// browser has signed in as an email before (the email's keyed fingerprint, which only the server
// can make), which lets the owner past the per-email ceiling that slows a guesser.

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const yearLong = { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR_SECONDS } as const;
const deviceCookie = createCookie("kestrel-device", yearLong);
const knownCookie = createCookie("kestrel-known", yearLong);

export interface SignInClient {
  /** The browser's id, or the address when the browser keeps no cookie. */
  key: string;
  /** The cookie to set when the browser had no id yet. */
  setCookie: string | null;
  /** Whether this browser has signed in as `email` before. */
  knows(email: string): Promise<boolean>;
}

/** The browser a sign-in request comes from. */
export async function signInClient(request: Request, clientIp: string): Promise<SignInClient> {
  const header = request.headers.get("Cookie");
  const kept: unknown = await deviceCookie.parse(header);
  const known: unknown = await knownCookie.parse(header);
  const fresh = typeof kept === "string" && DEVICE_ID.test(kept) ? null : newDeviceId();
  return {
    key: fresh ? `ip ${clientIp}` : `device ${String(kept)}`,
    setCookie: fresh ? await deviceCookie.serialize(fresh, { secure: usesHttps() }) : null,
    knows: (email) => Promise.resolve(known === emailFingerprint(email)),
  };
}

/** The mark a browser gets once it has signed in as `email`. */
export function knownBrowserCookie(email: string): Promise<string> {
  return knownCookie.serialize(emailFingerprint(email), { secure: usesHttps() });
}

const newDeviceId = () => randomBytes(16).toString("base64url");
