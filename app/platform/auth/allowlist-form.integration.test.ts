import { describe, expect, it } from "vitest";
import { action } from "~/routes/admin.allowlist";
import { signInForTest } from "../../../tests/integration/auth";
import { callAction, pageRequest } from "../../../tests/integration/call-action";

// The allowlist form answers as every form does (docs/decisions/036): the one refusal with its
// code, and Conform's result keeping what was typed.

const post = (cookie: string, fields: Record<string, string>) =>
  callAction(
    action,
    pageRequest("/admin/allowlist", { cookie, body: new URLSearchParams(fields) }),
    "192.0.2.40",
  );

describe("the allowlist form", () => {
  it("refuses a malformed entry, a duplicate and an unknown removal with the one reply", async () => {
    const { cookie } = await signInForTest("steward", { admin: true, secondFactor: true });
    const malformed = await post(cookie, { intent: "add", kind: "email", value: "not an email" });
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({
      intent: "add",
      ok: false,
      error: { code: "validation", fields: { value: expect.any(String) } },
      result: { initialValue: { value: "not an email" } },
    });

    const entry = { intent: "add", kind: "domain", value: "insurer.example" };
    expect((await post(cookie, entry)).data).toMatchObject({ intent: "add", ok: true });
    const duplicate = await post(cookie, entry);
    expect(duplicate.status).toBe(409);
    expect(duplicate.data).toMatchObject({
      ok: false,
      error: { code: "validation", message: "admin:allowlist.duplicate" },
      result: { error: { "": ["admin:allowlist.duplicate"] } },
    });

    const unknown = await post(cookie, { intent: "remove", id: "999999" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ ok: false, error: { code: "not_found" } });
    const hostile = await post(cookie, { intent: "remove", id: "1 OR 1=1" });
    expect(hostile.status).toBe(404);
  });
});
