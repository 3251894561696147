import { expect } from "vitest";
import { getDb } from "~/db/db.server";

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
