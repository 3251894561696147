import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { SIGN_IN_RATE_LIMITS, addAllowlistEntry } from "~/platform/auth/index.server";
import { type RouteAnswer, callAction } from "../../../tests/integration/call-action";
import { lastOutboxId, latestSignInCode, signInForTest } from "../../../tests/integration/auth";
import { action } from "~/routes/login";

// Sign-in limits as an office, a guesser and an account's owner meet them: counted per (email,
// browser) first, so nobody locks anyone else out; an office of hundreds behind one address
// signs in; a guesser is stopped, and the administrators are told of sustained guessing.

let counter = 0;
const OFFICE = "203.0.113.200";

/** A browser: its cookies kept from answer to answer, as a real one keeps them. */
function browser(ip: string) {
  const jar = new Map<string, string>();
  const post = async (fields: Record<string, string>): Promise<RouteAnswer> => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await callAction(
      action,
      new Request("http://localhost/login", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie && { Cookie: cookie }),
        },
      }),
      ip,
    );
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return answer;
  };
  return {
    post,
    async signIn(email: string) {
      const after = await lastOutboxId();
      const asked = await post({ intent: "request-code", email });
      expect(asked.status).toBe(200);
      const code = await latestSignInCode(email, after);
      return post({ intent: "verify-code", email, code });
    },
  };
}

const email = (label: string) => `${label}${(counter += 1)}@bank.example`;

describe("sign-in limits", () => {
  it("lets 300 people behind one address sign in, while a guesser there is still stopped", async () => {
    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    const victim = email("victim");
    const guesser = browser(OFFICE);
    for (let i = 0; i < SIGN_IN_RATE_LIMITS.verifyPerClient.limit; i += 1) {
      await guesser.post({ intent: "verify-code", email: victim, code: "000000" });
    }
    const stopped = await guesser.post({ intent: "verify-code", email: victim, code: "000000" });
    expect(stopped.status).toBe(429);

    const people = Array.from({ length: 300 }, () => email("staff"));
    const answers: number[] = [];
    // Fifty at a time, as a Monday morning would bring them.
    for (let start = 0; start < people.length; start += 50) {
      answers.push(
        ...(await Promise.all(
          people.slice(start, start + 50).map(async (person) => {
            const answer = await browser(OFFICE).signIn(person);
            return answer.status;
          }),
        )),
      );
    }
    expect(answers).toEqual(Array(300).fill(302));
    // The guesser, from the same address, is still held back.
    expect(
      (await guesser.post({ intent: "verify-code", email: victim, code: "000001" })).status,
    ).toBe(429);
  }, 120_000);

  it("never locks the owner out: a stranger's wrong codes count against the stranger", async () => {
    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    const owner = email("owner");
    const stranger = browser("198.51.100.66");
    for (let i = 0; i <= SIGN_IN_RATE_LIMITS.verifyPerClient.limit; i += 1) {
      await stranger.post({ intent: "verify-code", email: owner, code: "111111" });
    }
    expect((await browser("198.51.100.67").signIn(owner)).status).toBe(302);
  }, 30_000);

  it("holds every unknown browser back once one email draws sustained guessing, tells the admins, and lets its own browser in", async () => {
    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    const { email: admin } = await signInForTest("alerted", { admin: true });
    const target = email("target");
    const own = browser("198.51.100.80");
    expect((await own.signIn(target)).status).toBe(302);
    const before = await lastOutboxId();
    // Many browsers, each under its own limit, reach the email's ceiling together.
    const perBrowser = SIGN_IN_RATE_LIMITS.verifyPerClient.limit;
    const browsers = Math.ceil(SIGN_IN_RATE_LIMITS.verifyPerEmail.limit / perBrowser);
    for (let b = 0; b < browsers; b += 1) {
      const guesser = browser(`198.51.101.${b + 1}`);
      for (let i = 0; i < perBrowser; i += 1) {
        await guesser.post({ intent: "verify-code", email: target, code: "222222" });
      }
    }
    const fresh = await browser("198.51.102.1").post({
      intent: "verify-code",
      email: target,
      code: "333333",
    });
    expect(fresh.status).toBe(429);
    const alerts = await getDb()
      .selectFrom("outbox")
      .select(["to_address", "subject", "body"])
      .where("id", ">", before)
      .execute();
    expect(alerts).toEqual([
      expect.objectContaining({
        to_address: admin,
        subject: "Kestrel: repeated wrong sign-in codes",
        body: expect.not.stringContaining(target),
      }),
    ]);
    // The owner's browser, known from its earlier sign-in, still gets in.
    expect((await own.signIn(target)).status).toBe(302);
  }, 60_000);
});
