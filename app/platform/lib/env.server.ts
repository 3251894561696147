import { availableParallelism } from "node:os";
import { createPrivateKey } from "node:crypto";
import { isIP } from "node:net";
import { DEFAULT_DATABASE_URL } from "~/platform/db/db.server";
import { z } from "~/platform/lib/zod";

const emailList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "each entry must be an email address" })));

const domainList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          "each entry must be a domain such as example.com",
        ),
    ),
  );

/** Express's names for address ranges a proxy may sit in. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

// Which peers may tell us the client's address and protocol (X-Forwarded-For, -Proto): none by
// default, else the number of proxies in front of us, or their addresses. Express's `trust proxy`.
const trustProxy = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined) return false;
    if (/^\d+$/.test(value.trim())) return Number(value.trim());
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (entries.length === 0 || !entries.every(isProxyAddress)) {
      context.addIssue({
        code: "custom",
        message: "must be a number of proxies (1) or their addresses (10.0.0.0/8, loopback)",
      });
      return z.NEVER;
    }
    return entries;
  });

/** An Ed25519 private key in PKCS#8 PEM; `\n` escapes are accepted for one-line environments. */
const signingKey = z
  .string()
  .transform((value) => value.replaceAll("\\n", "\n").trim())
  .refine((pem) => {
    try {
      return createPrivateKey(pem).asymmetricKeyType === "ed25519";
    } catch {
      return false;
    }
  }, "must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)")
  .optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  // Processes serving requests: one per core by default (docs/decisions/028); 1 for a single one.
  WEB_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number of processes" })
    .int("must be a whole number of processes")
    .min(1)
    .max(64)
    .default(availableParallelism()),
  // A postgres:// URL selects PostgreSQL; anything else is a SQLite file path.
  DATABASE_URL: z.string().min(1).default(DEFAULT_DATABASE_URL),
  APP_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Encrypts each organisation's single sign-on client secret at rest (decision 048); without it
  // the key is derived from the server secret (SESSION_SECRET or data/session-secret).
  SSO_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  // Signs certificates and evidence; without it a key is generated once into data/signing-key.pem.
  SIGNING_KEY: signingKey,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  ADMIN_EMAILS: emailList,
  // The pilot allowlist from the environment (admins add more in /admin): email domains and
  // single addresses allowed to sign in. PILOT_OPEN=true lets any verified email in.
  PILOT_DOMAINS: domainList,
  PILOT_EMAILS: emailList,
  PILOT_OPEN: z
    .enum(["true", "false"], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  // Which tenant configuration applies (entitlements, default locale); see features/i18n/tenants.ts.
  TENANT_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "must be a tenant id such as kestrel-enterprise")
    .default("kestrel-enterprise"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: trustProxy,
  // The background jobs (reminders): `off` when a cron job runs `npm run jobs:once` instead, or on
  // every server but one when reminders should come from a single place.
  JOBS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  // Reuse of the header's and footer's HTML between renders (docs/decisions/030): on in production,
  // off in development; `verify` also checks each reuse against a fresh render.
  HTML_REUSE: z.enum(["on", "verify", "off"], { error: "must be on, verify or off" }).optional(),
  JOBS_INTERVAL_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes" })
    .int("must be a whole number of minutes")
    .min(1)
    .max(1440)
    .default(15),
  // How long evidence records are kept before the retention job purges them (pack default: 5).
  EVIDENCE_RETENTION_YEARS: z.coerce
    .number({ error: "must be a whole number of years" })
    .int("must be a whole number of years")
    .min(1)
    .max(100)
    .default(5),
  // Where the build puts course decks and narrations (npm run build); read by the server.
  MEDIA_DIR: z.string().min(1).default("build/media"),
  // Skill generator runs each user may make in a week (Monday 00:00 in their time zone).
  SKILL_RUNS_PER_WEEK: z.coerce
    .number({ error: "must be a whole number of runs" })
    .int("must be a whole number of runs")
    .min(1)
    .max(10_000)
    .default(25),
  // An OpenAI-compatible chat completions endpoint for the ESG Advisor's written answers
  // (…/v1 with /chat/completions under it). Without it the advisor quotes its sources directly.
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(200).optional(),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment, listing every bad variable at once. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const env = result.data;
  const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
  if (appUrl.startsWith("https:") && !env.SESSION_SECRET && env.NODE_ENV === "production") {
    throw new EnvError(["SESSION_SECRET: required when APP_URL is https"]);
  }
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    throw new EnvError(["LLM_MODEL: required when LLM_BASE_URL is set"]);
  }
  return { ...env, APP_URL: appUrl.replace(/\/$/, "") };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** True when people reach the app over HTTPS: cookies are `Secure` and HSTS is on. */
export function usesHttps(appUrl = getEnv().APP_URL): boolean {
  return appUrl.startsWith("https:");
}
