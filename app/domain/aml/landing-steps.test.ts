import { describe, expect, it } from "vitest";
import { GUIDED_FLOW_STEPS, guidedStage, stepState } from "./landing-steps";

describe("guided flow steps", () => {
  it("are done before the current step, active at it and pending after it", () => {
    const states = (current: number) =>
      GUIDED_FLOW_STEPS.map((_, index) => stepState(index, current));
    expect(states(1)).toEqual(["active", "pending", "pending"]);
    expect(states(2)).toEqual(["done", "active", "pending"]);
    expect(states(3)).toEqual(["done", "done", "active"]);
  });

  it("follow the learner: choosing, working the flow, then reading the feedback", () => {
    expect(guidedStage({ working: false, graded: false })).toBe(1);
    expect(guidedStage({ working: true, graded: false })).toBe(2);
    expect(guidedStage({ working: false, graded: true })).toBe(3);
    // A new round after feedback is work again.
    expect(guidedStage({ working: true, graded: true })).toBe(2);
  });
});
