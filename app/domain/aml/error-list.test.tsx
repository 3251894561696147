// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { addEnglishNamespaces } from "~/platform/i18n";
import aml from "../../../locales/en/aml.json";
import { ErrorList } from "./guided-flow";

// The action answers dictionary keys (posts.server.ts); the page words them, naming the field.
addEnglishNamespaces({ aml });
afterEach(cleanup);

const lines = () => screen.getAllByRole("listitem").map((item) => item.textContent);

describe("ErrorList", () => {
  it("words each field's message with the field's name", () => {
    render(
      <ErrorList
        error={{
          message: "errors:validation",
          fields: {
            why: "aml:errors.required",
            decisionNotes: "aml:errors.tooLong?max=300",
            jurisdiction: "aml:errors.invalid",
            attest: "aml:errors.attest",
          },
        }}
      />,
    );
    expect(screen.getByRole("alert").firstChild?.textContent).toBe(
      "Please check your input and try again.",
    );
    expect(lines()).toEqual([
      "Why it matters: This field is required",
      "Decision notes: Must be no more than 300 characters long",
      "jurisdiction: Please check your input and try again.",
      "Confirm that this analysis is your own work",
    ]);
  });

  it("says when a draft was not saved, and why", () => {
    render(<ErrorList error={{ message: "aml:errors.scenarioGone" }} draft />);
    expect(screen.getByRole("alert").textContent).toBe(
      "Your draft was not saved. This scenario is no longer in the pack. Your draft is kept; choose another scenario to go on.",
    );
  });

  it("words the rate limit from the shared error texts", () => {
    render(<ErrorList error={{ message: "errors:rate_limited" }} />);
    expect(screen.getByRole("alert").textContent).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
  });
});
