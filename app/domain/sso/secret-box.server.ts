import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "~/platform/lib/env.server";
import { getServerSecret } from "~/platform/lib/server-secret.server";

// An organisation's client secret at rest (decision 048): AES-256-GCM under a key derived with
// HKDF from SSO_ENCRYPTION_KEY, or from the server secret when that is not set (development,
// tests, a single machine), so `npm start` needs no set-up. The organisation's id is the
// associated data: a secret copied onto another organisation's row does not decrypt.

const VERSION = "v1";

function keyFrom(material: string): Buffer {
  return Buffer.from(hkdfSync("sha256", material, "", "kestrel sso client secret", 32));
}

function currentKey(): Buffer {
  return keyFrom(getEnv().SSO_ENCRYPTION_KEY ?? getServerSecret());
}

export function sealSecret(plain: string, organisationId: number, key = currentKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`organisation:${organisationId}`));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

/** The secret, or null when it was sealed under another key or altered. */
export function openSecret(
  sealed: string,
  organisationId: number,
  key = currentKey(),
): string | null {
  const [version, iv, body] = sealed.split(".");
  if (version !== VERSION || !iv || !body) return null;
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length < 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`organisation:${organisationId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

export { keyFrom as ssoKeyFrom };
