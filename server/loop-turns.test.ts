import { describe, expect, it } from "vitest";
import { createLoopTurns } from "./loop-turns";

/** Keeps the thread busy, as a render does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("createLoopTurns", () => {
  it("starts waiting work in the order it arrived", async () => {
    const nextTurn = createLoopTurns();
    const started: number[] = [];
    await Promise.all([0, 1, 2, 3, 4].map((index) => nextTurn().then(() => started.push(index))));
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("lets the event loop go round between two starts", async () => {
    const nextTurn = createLoopTurns();
    const events: string[] = [];
    const first = nextTurn().then(() => {
      events.push("first");
      // A timer due while the first piece works runs before the second piece starts.
      setTimeout(() => events.push("timer"), 0);
      busy(5);
    });
    const second = nextTurn().then(() => events.push("second"));
    await Promise.all([first, second]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(["first", "timer", "second"]);
  });

  it("starts at once again once the queue has emptied", async () => {
    const nextTurn = createLoopTurns();
    await nextTurn();
    const started = await Promise.race([
      nextTurn().then(() => "started"),
      new Promise((resolve) => setTimeout(() => resolve("timed out"), 1_000)),
    ]);
    expect(started).toBe("started");
  });
});
