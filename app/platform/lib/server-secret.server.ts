import { createHmac, randomBytes } from "node:crypto";
import { readOrCreateDataFile } from "./data-file.server";
import { getEnv } from "./env.server";

const SECRET_FILE = "data/session-secret";

/**
 * The server's secret: SESSION_SECRET, or (a single machine with no secret configured) a random
 * one kept in data/session-secret, so sessions, second factors and fingerprints survive a restart.
 */
export function resolveServerSecret(
  configured = getEnv().SESSION_SECRET,
  secretFile = SECRET_FILE,
): string {
  if (configured) return configured;
  return readOrCreateDataFile(
    secretFile,
    () => `${randomBytes(32).toString("base64url")}\n`,
  ).trim();
}

let secret: string | undefined;

/** The secret, resolved once per process. */
export function getServerSecret(): string {
  secret ??= resolveServerSecret();
  return secret;
}

/**
 * A stable pseudonym for a personal value (an email, an address): HMAC-SHA256 with the server
 * secret, cut to 128 bits. Unlike a plain hash, nobody without the secret can confirm a guess by
 * hashing a list of addresses.
 */
export function fingerprint(value: string, secret = getServerSecret()): string {
  return createHmac("sha256", secret).update(value).digest("hex").slice(0, 32);
}

/** An email's fingerprint, the same for every spelling of its case: for logs and rate limits. */
export function emailFingerprint(email: string): string {
  return fingerprint(`email:${email.trim().toLowerCase()}`);
}
