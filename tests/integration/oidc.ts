import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

// OpenID providers for the single sign-on tests (decision 048): the real `oidc-provider`, started
// in-process on a loopback port with its own login and consent pages, and a hostile issuer we
// control, which speaks the protocol but mints whatever ID token a test asks for.

export interface TestPerson {
  email: string;
  name: string;
  groups?: string[];
  emailVerified?: boolean;
}

export interface RunningProvider {
  issuer: string;
  close(): Promise<void>;
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  port = 0,
): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The real provider: one client, the people it knows (any password), groups in the ID token. */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  people: TestPerson[];
  port?: number;
}): Promise<RunningProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = () => {};
  const server = await listen((request, response) => handle(request, response), options.port);
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(server.origin, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: {
      keys: [{ ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" }],
    },
    cookies: { keys: ["a test provider's cookie key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // The claims of the scopes asked for go in the ID token, where Kestrel reads them.
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ["S256"] },
    features: { devInteractions: { enabled: true } },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, id) => {
      const person = options.people.find((candidate) => candidate.email === id.toLowerCase());
      if (!person) return undefined;
      return {
        accountId: person.email,
        claims: () => ({
          sub: person.email,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups ?? [],
        }),
      };
    },
  });
  handle = provider.callback();
  return { issuer: server.origin, close: server.close };
}

/**
 * Follows the provider's pages as a browser would (its cookies kept, each form posted with what it
 * holds, the login filled in) until it sends the browser back to `redirectUri`: that URL.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  login: string,
) {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const equals = pair.indexOf("=");
      jar.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(redirectUri)) return next;
      url = next;
      init = {};
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(
        `The provider answered ${response.status} without a form: ${html.slice(0, 300)}`,
      );
    const body = new URLSearchParams();
    for (const [, name, value] of html.matchAll(
      /<input[^>]*type="hidden" name="([^"]+)" value="([^"]*)"/g,
    )) {
      body.set(name ?? "", value ?? "");
    }
    if (html.includes('name="login"')) {
      body.set("login", login);
      body.set("password", "any password");
    }
    url = new URL(action.replaceAll("&amp;", "&"), url).toString();
    init = {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("The provider never sent the browser back.");
}

export type HostileMode =
  | "valid"
  | "wrong-nonce"
  | "wrong-issuer"
  | "wrong-audience"
  | "expired"
  | "expired-within-skew"
  | "issued-long-ago"
  | "alg-none"
  | "unpublished-key"
  | "forged-signature"
  | "hmac-with-secret"
  | "foreign-domain"
  | "email-unverified";

export interface HostileIssuer extends RunningProvider {
  /** What the next ID token will be. */
  mode: HostileMode;
  person: TestPerson;
}

/** An issuer we control: its discovery and keys are real, its tokens are what a test asks for. */
export async function startHostileIssuer(options: {
  clientId: string;
  clientSecret: string;
}): Promise<HostileIssuer> {
  const published = await generateKeyPair("ES256", { extractable: true });
  const unpublished = await generateKeyPair("ES256", { extractable: true });
  const publishedJwk = {
    ...(await exportJWK(published.publicKey)),
    kid: "published",
    alg: "ES256",
    use: "sig",
  };
  const codes = new Map<string, { nonce: string }>();
  let counter = 0;
  const state: HostileIssuer = {
    issuer: "",
    mode: "valid",
    person: { email: "ana@bank.example", name: "Ana Lim" },
    close: async () => {},
  };
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  async function mint(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const mode = state.mode;
    const email = mode === "foreign-domain" ? "mallory@elsewhere.example" : state.person.email;
    const claims = {
      email,
      email_verified: mode !== "email-unverified",
      name: state.person.name,
      groups: state.person.groups ?? [],
      nonce: mode === "wrong-nonce" ? "a nonce of another sign-in" : nonce,
    };
    if (mode === "alg-none") {
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const payload = {
        ...claims,
        iss: state.issuer,
        aud: options.clientId,
        sub: "ana",
        iat: now,
        exp: now + 300,
      };
      return `${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`;
    }
    const iat =
      mode === "expired"
        ? now - 200
        : mode === "expired-within-skew"
          ? now - 100
          : mode === "issued-long-ago"
            ? now - 3600
            : now;
    const exp =
      mode === "expired" ? now - 90 : mode === "expired-within-skew" ? now - 30 : now + 300;
    const jwt = new SignJWT(claims)
      .setIssuer(mode === "wrong-issuer" ? "https://impostor.example" : state.issuer)
      .setAudience(mode === "wrong-audience" ? "another-client" : options.clientId)
      .setSubject("ana")
      .setIssuedAt(iat)
      .setExpirationTime(exp);
    if (mode === "hmac-with-secret") {
      return jwt
        .setProtectedHeader({ alg: "HS256", kid: "published" })
        .sign(new TextEncoder().encode(options.clientSecret));
    }
    if (mode === "unpublished-key") {
      return jwt
        .setProtectedHeader({ alg: "ES256", kid: "never-published" })
        .sign(unpublished.privateKey);
    }
    if (mode === "forged-signature") {
      return jwt
        .setProtectedHeader({ alg: "ES256", kid: "published" })
        .sign(unpublished.privateKey);
    }
    return jwt.setProtectedHeader({ alg: "ES256", kid: "published" }).sign(published.privateKey);
  }
  const server = await listen((request, response) => {
    const url = new URL(request.url ?? "/", state.issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(response, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(response, 200, { keys: [publishedJwk] });
    if (url.pathname === "/authorize") {
      // No login page: straight back with a code, as a provider with a live session does.
      counter += 1;
      const code = `code-${counter}`;
      codes.set(code, { nonce: url.searchParams.get("nonce") ?? "" });
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (url.pathname === "/token" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const code = new URLSearchParams(body).get("code") ?? "";
        const issued = codes.get(code);
        codes.delete(code);
        if (!issued) return json(response, 400, { error: "invalid_grant" });
        void mint(issued.nonce).then((idToken) =>
          json(response, 200, { access_token: "opaque", token_type: "Bearer", id_token: idToken }),
        );
      });
      return;
    }
    json(response, 404, { error: "not_found" });
  });
  state.issuer = server.origin;
  state.close = server.close;
  return state;
}
