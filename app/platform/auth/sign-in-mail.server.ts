import { sendMail } from "~/platform/mail/index.server";
import { brand } from "~/platform/lib/brand";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { emailFingerprint } from "~/platform/lib/server-secret.server";
import { CODE_TTL_SECONDS } from "./constants";

export function signInCodeMail(email: string, code: string) {
  const minutes = CODE_TTL_SECONDS / 60;
  const lines = (shown: string) =>
    [
      `Your ${brand.name} sign-in code is ${shown}.`,
      "",
      `It works once, for ${minutes} minutes. If you did not ask for it, ignore this mail: nobody can sign in without the code.`,
      "",
      `${brand.fullName}`,
    ].join("\n");
  return {
    to: email,
    subject: `${brand.name} sign-in code`,
    text: lines(code),
    outboxText: lines("[code withheld]"),
  };
}

/**
 * Mails a sign-in code; called off the request path, so it never throws. The log says a code went
 * out, and shows the code itself only in development.
 */
export async function sendSignInCode(email: string, code: string): Promise<void> {
  const logger = getLogger();
  const development = getEnv().NODE_ENV === "development";
  try {
    const status = await sendMail(signInCodeMail(email, code));
    logger.info(
      {
        event: "sign_in.code_sent",
        email: emailFingerprint(email),
        delivery: status,
        ...(development && { code }),
      },
      status === "queued" ? "sign-in code written to the outbox" : `sign-in code ${status}`,
    );
  } catch (error) {
    logger.error({ err: error, email: emailFingerprint(email) }, "sign-in code could not be sent");
  }
}
