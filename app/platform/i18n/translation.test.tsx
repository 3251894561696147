// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getI18n, loadDictionaries } from "./i18n";
import { I18nProvider, i18nForMatches, useTranslation } from "./translation";

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

/** The `common` translation function a component gets in production (texts kept once found). */
function productionTranslator(i18n: ReturnType<typeof getI18n>) {
  vi.stubEnv("DEV", false);
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
  return seen[0] as unknown as (key: string, options?: object) => string;
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
      const i18n = getI18n("vi-VN");
      const translate = productionTranslator(i18n);
      expect(translate("arrivesLater")).toBe("arrivesLater");
      i18n.addResource("en", "common", "arrivesLater", "Here now");
      expect(translate("arrivesLater")).toBe("Here now");
      expect(translate("arrivesLater")).toBe("Here now");
      // Texts with options are kept by their values, never given for other values.
      i18n.addResource("en", "common", "greeting", "Hello {{name}}");
      expect(translate("greeting", { name: "Ana" })).toBe("Hello Ana");
      expect(translate("greeting", { name: "Bo" })).toBe("Hello Bo");
      expect(translate("greeting", { name: "Ana" })).toBe("Hello Ana");
    });

    it("keeps texts with options apart by every value and its type, plurals included", () => {
      const i18n = getI18n("th-TH");
      const translate = productionTranslator(i18n);
      i18n.addResource("en", "common", "seats_one", "{{count}} seat in {{city}}");
      i18n.addResource("en", "common", "seats_other", "{{count}} seats in {{city}}");
      expect(translate("seats", { count: 1, city: "Perth" })).toBe("1 seat in Perth");
      expect(translate("seats", { count: 2, city: "Perth" })).toBe("2 seats in Perth");
      expect(translate("seats", { count: 1, city: "Perth" })).toBe("1 seat in Perth");
      expect(translate("seats", { count: 1, city: "Ipoh" })).toBe("1 seat in Ipoh");
      // A value that is not a plain string, number or boolean goes to i18next as it is.
      expect(translate("seats", { count: 3, city: { toString: () => "Hue" } })).toBe(
        "3 seats in Hue",
      );
      // Not found yet: not kept, so the text arrives with its namespace.
      expect(translate("later", { city: "Hue" })).toBe("later");
      i18n.addResource("en", "common", "later", "Later in {{city}}");
      expect(translate("later", { city: "Hue" })).toBe("Later in Hue");
      // More values than are kept: every one still gets its own text.
      i18n.addResource("en", "common", "greeting", "Hello {{name}}");
      for (let index = 0; index < 1500; index += 1) {
        expect(translate("greeting", { name: `Visitor ${index}` })).toBe(`Hello Visitor ${index}`);
      }
      expect(translate("greeting", { name: "Visitor 0" })).toBe("Hello Visitor 0");
    });
  });
});

describe("i18nForMatches", () => {
  it("translates a page's meta in the root loader's locale, the same text each time", () => {
    vi.stubEnv("DEV", false);
    const malay = i18nForMatches([undefined, { id: "root", data: { locale: "ms-MY" } }]);
    const english = i18nForMatches([{ id: "routes/e2e" }]);
    const title = malay.t("common:meta.notFoundTitle");
    expect(title).toBe(getI18n("ms-MY").t("common:meta.notFoundTitle"));
    expect(title).not.toBe(english.t("common:meta.notFoundTitle"));
    expect(malay.t("common:meta.notFoundTitle")).toBe(title);
    expect(english.t("common:meta.notFoundTitle")).toBe(getI18n().t("common:meta.notFoundTitle"));
  });
});
