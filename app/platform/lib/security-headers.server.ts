export interface SecurityHeaderOptions {
  nonce: string;
  https: boolean;
  development?: boolean;
  /**
   * Script sources allowed instead of the nonce: the hashes of a cached page's inline scripts,
   * since fixed bytes cannot carry a per-response nonce (docs/decisions/008).
   */
  scriptSources?: string[];
}

/**
 * The only inline style attributes a page may carry, by hash: the two Radix Tabs writes when it
 * renders on the server (its list's `outline:none`, its open panel's `animation-duration:0s`).
 * A style attribute cannot carry a nonce; these fixed values are all that is let through.
 */
const TAB_STYLE_HASHES = [
  "'sha256-MtxTLcyxVEJFNLEIqbVTaqR4WWr0+lYSZ78AzGmNsuA='",
  "'sha256-PhrR5O1xWiklTp5YfH8xWeig83Y/rhbrdb5whLn1pSg='",
];

/** The Content-Security-Policy for one response: scripts only from us or carrying this nonce. */
export function contentSecurityPolicy({
  nonce,
  https,
  development,
  scriptSources,
}: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(scriptSources ?? [`'nonce-${nonce}'`])],
    "style-src": ["'self'", `'nonce-${nonce}'`, "'unsafe-hashes'", ...TAB_STYLE_HASHES],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    // Vite's development server pushes updates over a WebSocket.
    "connect-src": development ? ["'self'", "ws:"] : ["'self'"],
    "media-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  if (options.https) {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/**
 * A state-changing request is allowed when it names no origin, or names APP_URL's. Never the
 * request's own Host: the client chooses that header, so a forger would name its own site twice.
 */
export function isSameOriginRequest(originHeader: string | undefined, appOrigin: string): boolean {
  if (!originHeader) return true;
  return originHeader.toLowerCase() === appOrigin.toLowerCase();
}
