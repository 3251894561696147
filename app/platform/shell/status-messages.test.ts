import { describe, expect, it } from "vitest";
import errors from "../../../locales/en/errors.json";
import { errorCodeForStatus } from "./status-messages";

describe("errorCodeForStatus", () => {
  it.each([
    [400, "validation"],
    [422, "validation"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [408, "timeout"],
    [504, "timeout"],
    [429, "rate_limited"],
    [500, "server_error"],
    [503, "server_error"],
    [418, "generic"],
  ] as const)("%i → %s", (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });

  it("every code has an English message (SPEC §8)", () => {
    for (let status = 400; status < 600; status++) {
      expect(errors[errorCodeForStatus(status)]).toMatch(/\.$/);
    }
    expect(errors.forbidden).toBe("Access to this resource is forbidden.");
    expect(errors.generic).toBe("Something went wrong. Please try again.");
  });
});
