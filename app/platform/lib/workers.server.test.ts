import { describe, expect, it } from "vitest";
import { forgetEverywhere, onForget, workerExecArgv } from "./workers.server";

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

describe("the flags a worker starts with", () => {
  it("are the primary's, with a larger young generation", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=32",
    ]);
  });

  it("leave a young generation the operator chose, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=64"])).toEqual(["--max-semi-space-size=64"]);
    expect(workerExecArgv([], "--max-old-space-size=512 --max_semi_space_size=8")).toEqual([]);
  });
});
