import { describe, expect, it } from "vitest";
import { normaliseVerificationCode } from "./code";
import { newVerificationCode } from "./issue.server";

describe("verification codes", () => {
  it("are VERIFY-, three capital letters and six digits, drawn at random", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
    for (const code of codes) expect(code).toMatch(/^VERIFY-[A-Z]{3}\d{6}$/);
    expect(codes.size).toBe(200);
  });

  it("are read in any case and with stray spaces", () => {
    expect(normaliseVerificationCode(" verify-abc123456 ")).toBe("VERIFY-ABC123456");
    expect(normaliseVerificationCode("VERIFY- ABC 123 456")).toBe("VERIFY-ABC123456");
  });

  it("are refused when malformed, without a lookup", () => {
    for (const bad of [
      "",
      "VERIFY-ABC123",
      "VERIFY-AB1234567",
      "VERIFY-ABCD12345",
      "VERIFY_ABC123456",
      "ABC123456",
      "VERIFY-ÀBC123456",
      "VERIFY-ABC123456' OR 1=1",
      `VERIFY-ABC123456${"0".repeat(100)}`,
    ]) {
      expect(normaliseVerificationCode(bad)).toBeNull();
    }
  });
});
