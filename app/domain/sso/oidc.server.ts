import { createHash, randomBytes } from "node:crypto";
import { type JWTPayload, createRemoteJWKSet, errors, jwtVerify } from "jose";
import { z } from "~/platform/lib/zod";
import { isAcceptableIssuerUrl } from "./schema";

// The relying party's side of OpenID Connect (decision 048): discovery, the authorization code
// flow with PKCE (S256), state and nonce, and the ID token's checks (signature against the
// provider's published keys, issuer, audience, expiry and issue time with a bounded clock skew).
// jose verifies the token; everything else is a few fetches.

/** How far the provider's clock may be from ours. */
export const CLOCK_SKEW_SECONDS = 60;
/** An ID token issued longer ago than this (plus the skew) is refused: the exchange is fresh. */
export const MAX_ID_TOKEN_AGE_SECONDS = 5 * 60;
/** The signing algorithms accepted; `none` and the HMAC family (keyed by the secret) never. */
export const ID_TOKEN_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "EdDSA",
];
const FETCH_TIMEOUT_MS = 5_000;
const MAX_DOCUMENT_BYTES = 256 * 1024;

export class OidcError extends Error {
  constructor(
    /** A short, stable reason for the audit trail and the tests (never a secret). */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = "OidcError";
  }
}

const DiscoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  end_session_endpoint: z.url().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

async function fetchJson(url: string, init: RequestInit = {}, what: string): Promise<unknown> {
  if (!isAcceptableIssuerUrl(url.split("?")[0] ?? "")) {
    throw new OidcError(`${what}_url_refused`, `The ${what} URL must be https: ${url}`);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: "error",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: "application/json", ...init.headers },
    });
  } catch (error) {
    throw new OidcError(
      `${what}_unreachable`,
      `The ${what} at ${url} could not be reached (${(error as Error).message}).`,
    );
  }
  const text = await response.text();
  if (text.length > MAX_DOCUMENT_BYTES) {
    throw new OidcError(`${what}_too_large`, `The ${what} at ${url} is larger than 256 KiB.`);
  }
  if (!response.ok) {
    throw new OidcError(
      `${what}_status_${response.status}`,
      `The ${what} at ${url} answered HTTP ${response.status}.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new OidcError(`${what}_not_json`, `The ${what} at ${url} is not JSON.`);
  }
}

/** The provider's discovery document; its `issuer` must be exactly the configured one. */
export async function discover(issuer: string): Promise<Discovery> {
  const url = `${issuer}/.well-known/openid-configuration`;
  const parsed = DiscoverySchema.safeParse(await fetchJson(url, {}, "discovery"));
  if (!parsed.success) {
    throw new OidcError(
      "discovery_invalid",
      `The discovery document at ${url} lacks ${parsed.error.issues.map((issue) => issue.path.join(".")).join(", ")}.`,
    );
  }
  if (parsed.data.issuer !== issuer) {
    throw new OidcError(
      "discovery_issuer_mismatch",
      `The discovery document names the issuer ${parsed.data.issuer}, not ${issuer}.`,
    );
  }
  for (const endpoint of [
    parsed.data.authorization_endpoint,
    parsed.data.token_endpoint,
    parsed.data.jwks_uri,
  ]) {
    if (!isAcceptableIssuerUrl(endpoint.split("?")[0] ?? "")) {
      throw new OidcError("discovery_endpoint_refused", `The endpoint ${endpoint} must be https.`);
    }
  }
  const methods = parsed.data.code_challenge_methods_supported;
  if (methods && !methods.includes("S256")) {
    throw new OidcError("discovery_no_pkce", "The provider does not offer PKCE with S256.");
  }
  return parsed.data;
}

const JwksSchema = z.object({ keys: z.array(z.object({ kty: z.string() }).loose()) });

/** The provider's published keys (for the connection test): how many, of which types. */
export async function fetchJwks(jwksUri: string): Promise<{ kty: string; kid?: unknown }[]> {
  const parsed = JwksSchema.safeParse(await fetchJson(jwksUri, {}, "jwks"));
  if (!parsed.success)
    throw new OidcError("jwks_invalid", `The key set at ${jwksUri} is not a JWKS.`);
  if (parsed.data.keys.length === 0)
    throw new OidcError("jwks_empty", `The key set at ${jwksUri} has no keys.`);
  return parsed.data.keys;
}

// One key set per URL: jose keeps the keys and fetches again (at most every 30 s) for an unknown kid.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(jwksUri: string) {
  let set = keySets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: FETCH_TIMEOUT_MS });
    keySets.set(jwksUri, set);
  }
  return set;
}

export const randomToken = () => randomBytes(32).toString("base64url");
export const codeChallengeOf = (verifier: string) =>
  createHash("sha256").update(verifier).digest("base64url");

export function authorizationUrl(
  discovery: Discovery,
  request: {
    clientId: string;
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
    loginHint?: string;
  },
): string {
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", request.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", request.state);
  url.searchParams.set("nonce", request.nonce);
  url.searchParams.set("code_challenge", codeChallengeOf(request.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (request.loginHint) url.searchParams.set("login_hint", request.loginHint);
  return url.toString();
}

const TokenSchema = z.object({ id_token: z.string().min(1).max(16_384) }).loose();

/** Trades the code for tokens (client_secret_basic, the verifier proving this is our request). */
export async function exchangeCode(
  discovery: Discovery,
  request: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    code: string;
    codeVerifier: string;
  },
): Promise<string> {
  const basic = Buffer.from(
    `${encodeURIComponent(request.clientId)}:${encodeURIComponent(request.clientSecret)}`,
  ).toString("base64");
  const body = await fetchJson(
    discovery.token_endpoint,
    {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: request.code,
        redirect_uri: request.redirectUri,
        code_verifier: request.codeVerifier,
      }),
    },
    "token",
  );
  const parsed = TokenSchema.safeParse(body);
  if (!parsed.success)
    throw new OidcError("token_without_id_token", "The token answer holds no ID token.");
  return parsed.data.id_token;
}

/** jose's refusals as the audit trail names them. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) {
    return error.claim === "iat" ? "id_token_too_old" : "id_token_expired";
  }
  if (error instanceof errors.JWTClaimValidationFailed) return `id_token_${error.claim}_invalid`;
  if (error instanceof errors.JOSEAlgNotAllowed) return "id_token_alg_refused";
  if (error instanceof errors.JWKSNoMatchingKey) return "id_token_key_unknown";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "id_token_signature_invalid";
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return "id_token_malformed";
  if (error instanceof errors.JOSENotSupported) return "id_token_alg_refused";
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return "jwks_unavailable";
  return "id_token_invalid";
}

/** The ID token's claims once every check holds; an OidcError naming the first that failed. */
export async function verifyIdToken(
  idToken: string,
  expected: { issuer: string; clientId: string; jwksUri: string; nonce: string },
): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(expected.jwksUri), {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_ID_TOKEN_AGE_SECONDS,
      requiredClaims: ["sub", "exp", "iat", "nonce"],
    }));
  } catch (error) {
    throw new OidcError(reasonOf(error), `The ID token was refused: ${(error as Error).message}`);
  }
  // Several audiences: we must be the party it was issued to (OIDC Core 3.1.3.7, steps 4 and 5).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== expected.clientId) {
    throw new OidcError("id_token_azp_invalid", "The ID token was issued to another party.");
  }
  if (payload.nonce !== expected.nonce) {
    throw new OidcError("id_token_nonce_invalid", "The ID token's nonce is not this sign-in's.");
  }
  return payload;
}
