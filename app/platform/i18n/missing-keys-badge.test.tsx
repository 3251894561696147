// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getI18n, loadDictionaries } from "./i18n";
import { MISSING_KEYS_POLL_MS, clearMissingKeys } from "./missing-keys";
import MissingKeysBadge from "./missing-keys-badge";
import { I18nProvider } from "./translation";

beforeAll(() => loadDictionaries("fr-CA"));
beforeEach(() => {
  clearMissingKeys();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("MissingKeysBadge (development only)", () => {
  it("stays hidden while nothing is missing, then lists new keys within one poll", () => {
    const i18n = getI18n("fr-CA");
    render(
      <I18nProvider i18n={i18n}>
        <MissingKeysBadge />
      </I18nProvider>,
    );
    expect(screen.queryByRole("button")).toBeNull();

    i18n.t("common:notTranslatedYet" as "common:appName");
    act(() => vi.advanceTimersByTime(MISSING_KEYS_POLL_MS));
    const badge = screen.getByRole("button", { expanded: false });
    expect(badge.textContent).toMatch(/1/);

    fireEvent.click(badge);
    expect(screen.getByRole("region").textContent).toContain("fr-CA common:notTranslatedYet");
  });

  it("copies the keys to the clipboard", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const i18n = getI18n("fr-CA");
    i18n.t("common:a" as "common:appName");
    i18n.t("audit:b" as "common:appName");
    render(
      <I18nProvider i18n={i18n}>
        <MissingKeysBadge />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole("button", { expanded: false }));
    const buttons = screen.getAllByRole("button");
    await act(async () => {
      fireEvent.click(buttons[0] as HTMLElement);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith("fr-CA audit:b\nfr-CA common:a");
  });
});
