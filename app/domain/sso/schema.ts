import { FIELD_MESSAGES, optionalText, requiredText } from "~/platform/lib/form-fields";
import { z } from "~/platform/lib/zod";

// The single sign-on settings form (admin area): checked the same way in the browser and on the
// server.

export const EMAIL_CODE_CHOICES = ["allowed", "forbidden"] as const;
export const DEFAULT_CLAIMS = { name: "name", email: "email", groups: "groups" } as const;
export const MAX_SSO_DOMAINS = 20;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
// A claim's name: a short word, or a URL as some providers namespace theirs.
const CLAIM = /^[A-Za-z0-9_:./-]{1,100}$/;

/** http is for a provider on this machine (development, tests); anything else must be https. */
export function isAcceptableIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || url.search) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

const claim = (fallback: string) =>
  optionalText(100)
    .transform((value) => value ?? fallback)
    .pipe(z.string().regex(CLAIM, "admin:sso.claimFormat"));

export const SsoSettingsSchema = z.object({
  // An organisation's name: an existing one, or a new one made with its settings (people of a new
  // customer sign in through their provider from the first day).
  organisation: requiredText(160),
  issuer: requiredText(500).transform((value, ctx) => {
    const issuer = value.replace(/\/\.well-known\/openid-configuration$/, "").replace(/\/$/, "");
    if (!isAcceptableIssuerUrl(issuer)) {
      ctx.addIssue({ code: "custom", message: "admin:sso.issuerFormat" });
      return z.NEVER;
    }
    return issuer;
  }),
  clientId: requiredText(200),
  // Blank when editing keeps the stored secret.
  clientSecret: optionalText(500),
  domains: requiredText(2000).transform((value, ctx) => {
    const domains = [
      ...new Set(
        value
          .split(/[\s,;]+/)
          .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
          .filter(Boolean),
      ),
    ];
    if (domains.length > MAX_SSO_DOMAINS || domains.some((domain) => !DOMAIN.test(domain))) {
      ctx.addIssue({ code: "custom", message: "admin:sso.domainsFormat" });
      return z.NEVER;
    }
    return domains;
  }),
  nameClaim: claim(DEFAULT_CLAIMS.name),
  emailClaim: claim(DEFAULT_CLAIMS.email),
  groupsClaim: claim(DEFAULT_CLAIMS.groups),
  emailCodes: z.enum(EMAIL_CODE_CHOICES, { error: FIELD_MESSAGES.required }),
});
export type SsoSettingsInput = z.output<typeof SsoSettingsSchema>;

export const SSO_INTENTS = { save: "save", test: "test", remove: "remove" } as const;
