import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { listOrganisations } from "~/domain/compliance/index.server";
import { DEFAULT_AFTER_SIGN_IN, LOGIN_INTENTS } from "~/platform/auth";
import { type LoginReply, checkPilotAccess } from "~/platform/auth/index.server";
import { LoginCodeSchema, LoginEmailSchema } from "~/platform/auth/forms";
import { formRefused } from "~/platform/lib/reply.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { z } from "~/platform/lib/zod";
import { emailCodesForbiddenIn, ssoOrganisationForEmail } from "./settings.server";
import { startSsoSignIn } from "./sign-in.server";

// The login page's first question (decision 048): does this email sign in through its
// organisation's provider? Then it goes there (a redirect thrown); if its organisation has
// forbidden email codes, the code steps refuse it; otherwise the email-code sign-in goes on (null).

export interface SsoLoginOutcome {
  status: number;
  headers: Record<string, string>;
  reply: LoginReply;
}

const FORBIDDEN = "common:auth.sso.codesForbidden";
const UNAVAILABLE = "common:auth.sso.unavailable";

/** Whether the organisation that lets this email in signs in through its provider only. */
async function codesForbidden(email: string, ssoOrganisationId: number | null) {
  const ids = ssoOrganisationId === null ? [] : [ssoOrganisationId];
  const access = await checkPilotAccess(email);
  if (access.via === "allowlist" && access.organisation) {
    const named = (await listOrganisations()).find((org) => org.name === access.organisation);
    if (named) ids.push(named.id);
  }
  return emailCodesForbiddenIn(ids);
}

export async function routeLoginThroughSso(
  fields: Record<string, string>,
  { clientIp }: { clientIp: string },
): Promise<SsoLoginOutcome | null> {
  const email = String(fields.email ?? "")
    .trim()
    .toLowerCase();
  if (email.length > 254 || !z.email().safeParse(email).success) return null;
  const verifying = fields.intent === LOGIN_INTENTS.verifyCode;
  const submission = parseWithZod(new URLSearchParams(fields), {
    schema: verifying ? LoginCodeSchema : LoginEmailSchema,
  });
  const refuse = (
    status: number,
    message: string,
    code: "forbidden" | "rate_limited" | "server_error",
    headers = {},
  ) => ({
    status,
    headers,
    reply: verifying
      ? {
          step: "code" as const,
          email,
          ...formRefused(submission, code, { message, hideFields: ["code"] }),
        }
      : { step: "email" as const, ...formRefused(submission, code, { message }) },
  });
  const sso = await ssoOrganisationForEmail(email);
  if (sso && !verifying) {
    const redirectTo = safeRedirect(fields.redirectTo, DEFAULT_AFTER_SIGN_IN);
    const started = await startSsoSignIn(sso.organisationId, { email, redirectTo, clientIp });
    if (started.ok) throw redirect(started.location, { headers: { "Set-Cookie": started.cookie } });
    if (started.reason === "rate_limited") {
      return refuse(429, "errors:rate_limited", "rate_limited", {
        "Retry-After": String(started.retryAfterSeconds),
      });
    }
    // The provider cannot be reached: email codes, where the organisation allows them.
    if (sso.emailCodes === "forbidden") return refuse(503, UNAVAILABLE, "server_error");
    return null;
  }
  if (await codesForbidden(email, sso?.organisationId ?? null)) {
    return refuse(403, FORBIDDEN, "forbidden");
  }
  return null;
}
