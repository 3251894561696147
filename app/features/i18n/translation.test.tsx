// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getI18n, loadDictionaries } from "./i18n";
import { I18nProvider, useTranslation } from "./translation";

beforeAll(() => loadDictionaries("ms-MY"));
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

function FooterLinks() {
  const { t } = useTranslation(["footer", "navigation"]);
  return (
    <p>
      {t("terms")} | {t("navigation:home")}
    </p>
  );
}

describe("useTranslation", () => {
  it("reads the first namespace and names the others, in the provider's language", () => {
    render(
      <I18nProvider i18n={getI18n("ms-MY")}>
        <FooterLinks />
      </I18nProvider>,
    );
    const malay = screen.getByRole("paragraph").textContent;
    cleanup();
    render(<FooterLinks />);
    const english = screen.getByRole("paragraph").textContent;
    expect(english).toBe("Terms of Service | Home");
    expect(malay).not.toBe(english);
    expect(malay).not.toMatch(/terms|navigation:home/);
  });

  it("shares one instance per language, so renders do not rebuild it", () => {
    expect(getI18n("ms-MY")).toBe(getI18n("ms-MY"));
    expect(getI18n("ms-MY")).not.toBe(getI18n("en-US"));
  });

  describe("in production, where texts are kept once found", () => {
    it("gives a text found later once its namespace arrives, not the missing key it gave before", () => {
      vi.stubEnv("DEV", false);
      const i18n = getI18n("vi-VN");
      const seen: ReturnType<typeof useTranslation>["t"][] = [];
      function Probe() {
        seen.push(useTranslation("common").t);
        return null;
      }
      render(
        <I18nProvider i18n={i18n}>
          <Probe />
        </I18nProvider>,
      );
      const translate = seen[0] as unknown as (key: string, options?: object) => string;
      expect(translate("arrivesLater")).toBe("arrivesLater");
      i18n.addResource("en", "common", "arrivesLater", "Here now");
      expect(translate("arrivesLater")).toBe("Here now");
      expect(translate("arrivesLater")).toBe("Here now");
      // Options still reach i18next on every call.
      i18n.addResource("en", "common", "greeting", "Hello {{name}}");
      expect(translate("greeting", { name: "Ana" })).toBe("Hello Ana");
      expect(translate("greeting", { name: "Bo" })).toBe("Hello Bo");
    });
  });
});
