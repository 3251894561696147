import { describe, expect, it } from "vitest";
import { callAction } from "../../tests/integration/call-action";
import { EVENTS_RATE_LIMIT, action } from "./api.events";

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
  it("limits each address per minute with 429 and Retry-After, leaving other addresses alone", async () => {
    for (let i = 0; i < EVENTS_RATE_LIMIT.limit; i++) {
      expect((await post("198.51.100.7")).status).toBe(202);
    }
    const limited = await post("198.51.100.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
    expect((await post("198.51.100.8")).status).toBe(202);
  }, 60_000);
});
