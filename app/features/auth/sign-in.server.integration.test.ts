import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { latestSignInCode, sessionCookie } from "../../../tests/integration/auth";
import { addAllowlistEntry } from "./allowlist.server";
import { requestSignInCode, verifySignInCode } from "./sign-in.server";
import { getAuthState } from "./session.server";

const ctx = (request = new Request("http://localhost/login", { method: "POST" })) => ({
  clientIp: "198.51.100.7",
  request,
});

async function signIn(email: string) {
  const asked = await requestSignInCode({ intent: "request-code", email }, ctx());
  expect(asked.reply.step).toBe("code");
  const code = await latestSignInCode(email);
  try {
    await verifySignInCode({ intent: "verify-code", email, code }, ctx());
  } catch (thrown) {
    return thrown as Response;
  }
  throw new Error("no redirect");
}

describe("sign-in smoke", () => {
  it("signs an allowlisted email in", async () => {
    await addAllowlistEntry(getDb(), { kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    const response = await signIn("mei@bank.example");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/app");
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^kestrel\.session=/);
    const state = await getAuthState(
      new Request("http://localhost/app", { headers: { Cookie: cookie } }),
    );
    expect(state.user?.email).toBe("mei@bank.example");
  });
});
