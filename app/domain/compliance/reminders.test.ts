import { describe, expect, it } from "vitest";
import { ORGANISATION_REGIONS } from "./constants";
import { organisationLocale } from "./reminders.server";

describe("organisationLocale", () => {
  it("mails each region in its own language, and the regions without one in English", () => {
    expect(Object.fromEntries(ORGANISATION_REGIONS.map((r) => [r, organisationLocale(r)]))).toEqual(
      {
        CA: "en-CA",
        US: "en-US",
        SG: "en-SG",
        TH: "th-TH",
        MY: "ms-MY",
        ID: "en-US",
        PH: "en-US",
        VN: "vi-VN",
        EU: "en-US",
      },
    );
  });
});
