import { expect } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { addAllowlistEntry, getAuth, verifySignInCode } from "~/platform/auth/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { action as loginAction } from "~/routes/login";
import { callAction, pageRequest } from "./call-action";

/** The newest sign-in code mailed to `email`, read from the outbox (mail leaves off the request). */
export async function latestSignInCode(email: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await getDb()
          .selectFrom("outbox")
          .select(["id", "body"])
          .where("to_address", "=", email)
          .where("id", ">", after)
          .orderBy("id", "desc")
          .execute();
        found = rows[0]?.body.match(/sign-in code is (\d{6})/)?.[1];
        return found;
      },
      { timeout: 5_000, interval: 25 },
    )
    .toBeDefined();
  return found ?? "";
}

/** The id of the newest outbox row, so a later read finds only mail sent after it. */
export async function lastOutboxId(): Promise<number> {
  const row = await getDb()
    .selectFrom("outbox")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id ?? 0;
}

/** The session cookie (`name=value`) from a response's Set-Cookie headers. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kestrel.session="));
  return cookie?.split(";")[0] ?? "";
}

let signIns = 0;

/**
 * Signs a fresh pilot in through the real sign-in steps and answers its session cookie. An admin
 * gets the role; with `secondFactor`, also a session that has proved it (as /admin/security does).
 */
export async function signInForTest(
  label: string,
  { admin = false, secondFactor = false }: { admin?: boolean; secondFactor?: boolean } = {},
): Promise<{ cookie: string; email: string }> {
  const db = getDb();
  await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
  signIns += 1;
  const email = `${label}${signIns}@bank.example`;
  const context = {
    clientIp: `203.0.113.${signIns % 250}`,
    request: new Request("http://localhost/login"),
    // As the login page does: the user joins the organisation that let them in.
    onSignedIn: async (user: { id: string; email: string }) => {
      await membershipOf(user);
      return null;
    },
  };
  const after = await lastOutboxId();
  // The code is sent by the same call the login page's first step makes, without that step's
  // one-second floor (it hides from timing whether an email is known): this helper serves tests
  // whose subject is not sign-in (app/platform/auth/login.integration.test.ts tests the floor).
  await getAuth().api.sendVerificationOTP({ body: { email, type: "sign-in" } });
  const code = await latestSignInCode(email, after);
  let cookie = "";
  try {
    await verifySignInCode({ intent: "verify-code", email, code }, context);
  } catch (thrown) {
    cookie = sessionCookie(thrown as Response);
  }
  if (admin) {
    const user = await db
      .updateTable("user")
      .set({ role: "admin", ...(secondFactor && { two_factor_enabled: 1 }) })
      .where("email", "=", email)
      .returning("id")
      .executeTakeFirstOrThrow();
    if (secondFactor) {
      await db
        .updateTable("session")
        .set({ second_factor_at: new Date().toISOString() })
        .where("user_id", "=", user.id)
        .execute();
    }
  }
  return { cookie, email };
}

/**
 * Signs `email` in through the login page from a browser holding a guest's cookie, as a learner
 * does after learning signed out: the guest's work moves to the account. Answers the last step.
 */
export async function signInCarryingGuest(email: string, guestCookie: string, clientIp: string) {
  const after = await lastOutboxId();
  const login = (fields: Record<string, string>) =>
    callAction(
      loginAction,
      pageRequest("/login", { cookie: guestCookie, body: new URLSearchParams(fields) }),
      clientIp,
    );
  await login({ intent: "request-code", email });
  const code = await latestSignInCode(email, after);
  return login({ intent: "verify-code", email, code });
}
