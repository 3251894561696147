import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { base64urlnopad } from "@scure/base";
import { getDb } from "~/platform/db/db.server";
import { canonicalJson } from "~/platform/lib/signing.server";

// Erasure without breaking the chain (docs/decisions/039): the personal fields of a learner's
// evidence are sealed, inside the signed record, with a key derived from a secret kept for that
// learner alone. The record's hash and signature cover the sealed text, so destroying the secret
// (a privacy request) leaves every hash and signature as it was while nobody, this server
// included, can read the fields again. A kit handed out carries the key of its own record, so the
// person holding it can open its fields offline, and only those.

/** Where a record's content holds personal data of the learner it is about. */
export const PERSONAL_PATHS = [["learner"], ["certificate", "holder"]] as const;

const VERSION = "v1";
const INFO = "kestrel evidence personal fields v1";

export interface Sealed {
  sealed: string;
}

export const isSealed = (value: unknown): value is Sealed =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { sealed?: unknown }).sealed === "string" &&
  Object.keys(value).length === 1;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The learner's secret, made on their first sealed record; null once erased. */
async function secretOf(userId: string, create: boolean): Promise<Uint8Array | null> {
  const db = getDb();
  const row = await db
    .selectFrom("evidence_learner_key")
    .select(["secret"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row) return row.secret ? base64urlnopad.decode(row.secret) : null;
  if (!create) return null;
  await db
    .insertInto("evidence_learner_key")
    .values({
      user_id: userId,
      secret: base64urlnopad.encode(randomBytes(32)),
      created_at: new Date().toISOString(),
      erased_at: null,
    })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  return secretOf(userId, false);
}

function recordKey(secret: Uint8Array, salt: Uint8Array): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, salt, INFO, 32));
}

/** A value sealed with a learner's secret, under a fresh record key. */
export function seal(value: unknown, secret: Uint8Array): Sealed {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", recordKey(secret, salt), iv);
  const body = Buffer.concat([
    cipher.update(canonicalJson(value), "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const parts = [salt, iv, body].map((bytes) => base64urlnopad.encode(bytes));
  return { sealed: [VERSION, ...parts].join(".") };
}

interface SealedParts {
  salt: Uint8Array;
  iv: Uint8Array;
  body: Uint8Array;
}

function partsOf(sealed: string): SealedParts | null {
  const [version, salt, iv, body] = sealed.split(".");
  if (version !== VERSION || !salt || !iv || !body) return null;
  try {
    return {
      salt: base64urlnopad.decode(salt),
      iv: base64urlnopad.decode(iv),
      body: base64urlnopad.decode(body),
    };
  } catch {
    return null;
  }
}

/** The record key of a sealed value, from the learner's secret: what a kit's `unseal` carries. */
export function recordKeyOf(sealed: string, secret: Uint8Array): Uint8Array | null {
  const parts = partsOf(sealed);
  return parts ? recordKey(secret, parts.salt) : null;
}

/** A sealed value opened with its record key; null when the key does not open it. */
export function openWithKey(sealed: string, key: Uint8Array): unknown {
  const parts = partsOf(sealed);
  if (!parts || parts.body.length < 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, parts.iv);
    decipher.setAuthTag(parts.body.subarray(parts.body.length - 16));
    const text = Buffer.concat([
      decipher.update(parts.body.subarray(0, parts.body.length - 16)),
      decipher.final(),
    ]).toString("utf8");
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function at(content: Json, path: readonly string[]): unknown {
  let value: unknown = content;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value;
}

/** A copy of the content with the value at `path` replaced (the path's objects copied). */
function withValue(content: Json, path: readonly string[], value: unknown): Json {
  const [key, ...rest] = path;
  if (key === undefined) return content;
  const inner = content[key];
  return {
    ...content,
    [key]: rest.length === 0 ? value : withValue(isObject(inner) ? inner : {}, rest, value),
  };
}

/**
 * The content as it is signed: each personal field of the learner `userId` sealed with their
 * secret. Content without personal fields, or a record about nobody, is returned as it is.
 */
export async function sealPersonal(content: Json, userId: string | null): Promise<Json> {
  if (!userId) return content;
  const present = PERSONAL_PATHS.filter((path) => {
    const value = at(content, path);
    return value !== undefined && value !== null && !isSealed(value);
  });
  if (present.length === 0) return content;
  const secret = await secretOf(userId, true);
  // Erased: the learner's personal data is not written again, sealed or plain.
  let sealed = content;
  for (const path of present) {
    sealed = withValue(sealed, path, secret ? seal(at(content, path), secret) : { erased: true });
  }
  return sealed;
}

export interface OpenedContent {
  /** The content with each sealed field opened, or `{ erased: true }` once erased. */
  content: Json;
  /** The record key of each opened field, for the kit handed out: `learner`, `certificate.holder`. */
  keys: { path: string; key: string }[];
  /** When the learner's personal data was erased, if it was. */
  erasedAt: string | null;
}

/** A record's content with its personal fields opened with its learner's secret. */
export async function openPersonal(content: Json, userId: string | null): Promise<OpenedContent> {
  const sealedPaths = PERSONAL_PATHS.filter((path) => isSealed(at(content, path)));
  if (sealedPaths.length === 0 || !userId) {
    return { content, keys: [], erasedAt: null };
  }
  const [row] = await getDb()
    .selectFrom("evidence_learner_key")
    .select(["secret", "erased_at"])
    .where("user_id", "=", userId)
    .execute();
  const secret = row?.secret ? base64urlnopad.decode(row.secret) : null;
  let opened = content;
  const keys: OpenedContent["keys"] = [];
  for (const path of sealedPaths) {
    const { sealed } = at(content, path) as Sealed;
    const parts = partsOf(sealed);
    const key = secret && parts ? recordKey(secret, parts.salt) : null;
    const value = key ? openWithKey(sealed, key) : null;
    if (key && value !== null) keys.push({ path: path.join("."), key: base64urlnopad.encode(key) });
    opened = withValue(opened, path, value ?? { erased: true });
  }
  return { content: opened, keys, erasedAt: row?.erased_at ?? null };
}

/**
 * A privacy request (PDPA, PIPEDA, Thailand's PDPA): the learner's secret is destroyed, so the
 * personal fields of all their evidence can never be opened again. Every record, hash and
 * signature stays as it was. Answers when it happened (the first erasure, if asked again).
 */
export async function erasePersonalData(userId: string, now = new Date()): Promise<string> {
  const db = getDb();
  const at = now.toISOString();
  await db
    .insertInto("evidence_learner_key")
    .values({ user_id: userId, secret: null, created_at: at, erased_at: at })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ secret: null, erased_at: at })
        .where("evidence_learner_key.erased_at", "is", null),
    )
    .execute();
  const row = await db
    .selectFrom("evidence_learner_key")
    .select("erased_at")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.erased_at ?? at;
}
