import { describe, expect, it } from "vitest";
import { forgetEverywhere, onForget } from "./workers.server";

describe("forgetting across workers", () => {
  it("forgets in this process, under the topic it was registered for only", () => {
    const forgotten: string[] = [];
    onForget("test-a", (key) => forgotten.push(`a:${key}`));
    onForget("test-b", (key) => forgotten.push(`b:${key}`));
    forgetEverywhere("test-a", 7);
    forgetEverywhere("test-b", "x");
    forgetEverywhere("unknown", 1);
    expect(forgotten).toEqual(["a:7", "b:x"]);
  });
});
