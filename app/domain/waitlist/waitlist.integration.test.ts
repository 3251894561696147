import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { callAction } from "../../../tests/integration/call-action";
import { WAITLIST_RATE_LIMITS } from "~/domain/waitlist/index.server";
import { action } from "~/routes/api.waitlist";

// The route's action on a real database, as an API client meets it.
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1) % 250}-${ipCounter}`;

async function post(
  body: BodyInit | null,
  { type = "application/json", ip = freshIp(), headers = {} as Record<string, string> } = {},
): Promise<Response> {
  const request = new Request("http://localhost/api/waitlist", {
    method: "POST",
    body,
    headers: { "Content-Type": type, ...headers },
  });
  return callAction(action, request, ip);
}

const valid = {
  name: "Mei Tan",
  email: "Mei.Tan@Example.SG",
  company: "Lion City Bank",
  role: "AML analyst",
  consent: true,
  website: "",
  product: "kestrel_enterprise_pilot",
  timestamp: "2026-11-22T06:00:00.000Z",
};

const rows = () => getDb().selectFrom("waitlist_entry").selectAll().execute();

describe("POST /api/waitlist", () => {
  it("stores a new entry (201), and a repeat of the email updates the same row (200)", async () => {
    const first = await post(JSON.stringify(valid));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, created: true });

    const again = await post(
      JSON.stringify({ ...valid, email: "mei.tan@example.sg", role: "MLRO" }),
    );
    expect(again.status).toBe(200);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      email: "mei.tan@example.sg",
      role: "MLRO",
      company: "Lion City Bank",
      consent: 1,
      product: "kestrel_enterprise_pilot",
      submissions: 2,
    });
  });

  it("answers a filled honeypot like a success and keeps nothing", async () => {
    const response = await post(JSON.stringify({ ...valid, website: "http://spam.example" }));
    expect(response.status).toBe(201);
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ["missing fields", {}, ["name", "email", "company", "role", "consent"]],
    ["a malformed email", { ...valid, email: "mei@" }, ["email"]],
    ["no consent", { ...valid, consent: false }, ["consent"]],
    ["an oversized name", { ...valid, name: "x".repeat(121) }, ["name"]],
    ["blank strings", { ...valid, name: "   ", company: "" }, ["name", "company"]],
    ["wrong types", { ...valid, name: 42, email: ["a@b.co"] }, ["name", "email"]],
  ])("rejects %s with field errors (400) and stores nothing", async (_, body, fields) => {
    const response = await post(JSON.stringify(body));
    expect(response.status).toBe(400);
    const json = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string[]> };
    };
    expect(json.error.code).toBe("validation");
    expect(json.error.message).toBe("Please check your input and try again.");
    expect(Object.keys(json.error.fields).sort()).toEqual([...fields].sort());
    expect(await rows()).toHaveLength(0);
  });

  it("speaks the SPEC's messages in field errors", async () => {
    const response = await post(JSON.stringify({ ...valid, email: "nope", name: "x".repeat(200) }));
    const { error } = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(error.fields.email).toEqual(["Enter a valid email"]);
    expect(error.fields.name).toEqual(["Must be no more than 120 characters long"]);
  });

  it("keeps hostile text as text", async () => {
    const name = "<script>alert('x')</script>'); DROP TABLE waitlist_entry;--";
    expect((await post(JSON.stringify({ ...valid, name }))).status).toBe(201);
    expect((await rows())[0]?.name).toBe(name);
  });

  it("answers 400 for malformed JSON, 415 for another type, 413 over 16 KB", async () => {
    expect((await post("{not json")).status).toBe(400);
    expect((await post("name=x", { type: "text/plain" })).status).toBe(415);
    const big = JSON.stringify({ ...valid, role: "x".repeat(17 * 1024) });
    expect((await post(big)).status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });

  it("accepts a form post and redirects back with the outcome", async () => {
    const form = new URLSearchParams({ ...valid, consent: "on", redirectTo: "/demo" });
    const response = await post(form.toString(), { type: "application/x-www-form-urlencoded" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/demo?waitlist=joined");
    expect(await rows()).toHaveLength(1);

    const bad = new URLSearchParams({ email: "x", redirectTo: "//evil.example" });
    const refused = await post(bad.toString(), { type: "application/x-www-form-urlencoded" });
    expect(refused.headers.get("Location")).toBe("/kestrel?waitlist=invalid");
  });

  it("limits submissions per IP and per email (429 with Retry-After)", async () => {
    const ip = freshIp();
    let last: Response | undefined;
    for (let i = 0; i <= WAITLIST_RATE_LIMITS.perIp.limit; i++) {
      last = await post(JSON.stringify({ ...valid, email: `p${i}@example.com` }), { ip });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await last?.json()) as { error: { message: string } }).error.message).toBe(
      "Too many requests. Please wait a moment and try again.",
    );

    for (let i = 0; i < WAITLIST_RATE_LIMITS.perEmail.limit; i++) {
      expect(
        (await post(JSON.stringify({ ...valid, email: "same@example.com" }))).status,
      ).toBeLessThan(300);
    }
    expect((await post(JSON.stringify({ ...valid, email: "same@example.com" }))).status).toBe(429);
  });

  it("never answers 5xx, whatever the body (1,000 random bodies)", async () => {
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
      fc.object(),
    );
    const body = fc.oneof(
      fc.record(
        {
          name: field,
          email: fc.oneof(field, fc.emailAddress()),
          company: field,
          role: field,
          consent: field,
          website: field,
          product: field,
          timestamp: field,
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const response = await post(JSON.stringify(value));
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
