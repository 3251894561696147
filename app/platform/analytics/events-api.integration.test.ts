import { describe, expect, it } from "vitest";
import { EVENTS_RATE_LIMIT, limitEventBatches } from "~/platform/analytics/index.server";
import { callAction } from "../../../tests/integration/call-action";
import { action } from "~/routes/api.events";

async function post(ip: string): Promise<Response> {
  const request = new Request("http://localhost/api/events", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      events: [{ name: "module_viewed", properties: {}, path: "/training" }],
    }),
  });
  return callAction(action, request, ip);
}

describe("POST /api/events rate limit", () => {
  it("answers 429 with Retry-After once an address has used its allowance, leaving others alone", async () => {
    expect((await post("198.51.100.7")).status).toBe(202);
    for (let i = 1; i < EVENTS_RATE_LIMIT.limit; i++) {
      await limitEventBatches("198.51.100.7");
    }
    const limited = await post("198.51.100.7");
    expect(limited.status).toBe(429);
    // The first batch leaves the one-minute window within a minute.
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
    expect((await post("198.51.100.8")).status).toBe(202);
  });
});
