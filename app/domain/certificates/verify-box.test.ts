import { describe, expect, it } from "vitest";
import { loader } from "~/routes/verify";

// The verification box (GET /verify?code=…) leads to the code's page in its one written form.

const target = (typed: string) => {
  const url = `http://localhost/verify?${new URLSearchParams({ code: typed })}`;
  const response = loader({ request: new Request(url) } as never);
  return response.headers.get("Location");
};

describe("the verification box", () => {
  it("writes a code as issued before leading to its page", () => {
    expect(target("verify-upz 050860")).toBe("/verify/VERIFY-UPZ050860");
    expect(target("  VERIFY-UPZ050860 ")).toBe("/verify/VERIFY-UPZ050860");
  });

  it("leads a malformed code to its page as typed, encoded, and an empty one to the certificates", () => {
    expect(target("<script>")).toBe("/verify/%3Cscript%3E");
    expect(target("   ")).toBe("/training/certificates");
  });
});
