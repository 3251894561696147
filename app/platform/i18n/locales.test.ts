import { describe, expect, it } from "vitest";
import {
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_REGION,
  REGIONS,
  type Locale,
  type Region,
  allowedLocales,
  fallbackChain,
  htmlLang,
  isLocaleAllowed,
  matchBrowserLanguages,
  normalizeLocale,
  parseAcceptLanguage,
  resolveLocale,
} from "./locales";
import { getTenant } from "./tenants";

const ENTERPRISE: Region[] = ["ca", "sg", "my", "vn", "th"];

// SPEC §3, §6, §9 for every one of the 14 locales.
const TABLE: [Locale, Region | null, Locale[], boolean][] = [
  ["en-US", "us", ["en-US"], false],
  ["en-CA", "ca", ["en-CA", "en-US"], true],
  ["fr-CA", "ca", ["fr-CA", "en-CA", "en-US"], true],
  ["en-SG", "sg", ["en-SG", "en-US"], true],
  ["ms-MY", "my", ["ms-MY", "en-US"], true],
  ["zh-MY", "my", ["zh-MY", "en-US"], true],
  ["ta-MY", "my", ["ta-MY", "en-US"], true],
  ["vi-VN", "vn", ["vi-VN", "en-US"], true],
  ["th-TH", "th", ["th-TH", "en-US"], true],
  ["zh-SG", "sg", ["zh-SG", "en-US"], true],
  ["en-enterprise", null, ["en-enterprise", "en-US"], true],
  ["ms-MY-enterprise", null, ["ms-MY-enterprise", "ms-MY", "en-US"], true],
  ["th-TH-enterprise", null, ["th-TH-enterprise", "th-TH", "en-US"], true],
  ["zh-SG-enterprise", null, ["zh-SG-enterprise", "zh-SG", "en-US"], true],
];

describe("the locale model", () => {
  it("has 14 locales and 8 regions", () => {
    expect(LOCALES).toHaveLength(14);
    expect(REGIONS).toEqual(["sg", "th", "my", "id", "ph", "vn", "ca", "us"]);
    expect(TABLE.map(([locale]) => locale)).toEqual([...LOCALES]);
  });

  it.each(TABLE)(
    "%s: region %s, chain %j, allowed for the tenant: %s",
    (locale, region, chain, allowed) => {
      expect(LOCALE_REGION[locale]).toBe(region);
      expect(fallbackChain(locale)).toEqual(chain);
      expect(isLocaleAllowed(locale, getTenant("kestrel-enterprise").entitlements)).toBe(allowed);
      // Whatever its entitlements, a tenant can always use the enterprise locales.
      expect(isLocaleAllowed(locale, [])).toBe(region === null);
      expect(resolveLocale({ stored: locale, entitlements: REGIONS })).toBe(locale);
    },
  );

  it("gives every locale a valid <html lang>", () => {
    for (const locale of LOCALES) {
      expect(() => Intl.getCanonicalLocales(htmlLang(locale))).not.toThrow();
    }
    expect(htmlLang("th-TH")).toBe("th-TH");
    expect(htmlLang("ms-MY-enterprise")).toBe("ms-MY");
    expect(htmlLang("en-enterprise")).toBe("en");
  });

  it.each([
    ["xx-XX", "en-US"],
    ["", "en-US"],
    [null, "en-US"],
    ["klingon", "en-US"],
    ["TH-th", "th-TH"],
    ["zh_sg", "zh-SG"],
    [" ms-my-enterprise ", "ms-MY-enterprise"],
  ] as const)("normalizes %j to %s (SPEC §5: unknown codes → en-US)", (code, expected) => {
    expect(normalizeLocale(code)).toBe(expected);
  });

  it("the tenant is entitled to CA, SG, MY, VN and TH, so only en-US is held back", () => {
    const tenant = getTenant("kestrel-enterprise");
    expect(tenant.entitlements).toEqual(ENTERPRISE);
    expect(LOCALES.filter((l) => !allowedLocales(tenant.entitlements).includes(l))).toEqual([
      "en-US",
    ]);
  });
});

describe("start-up order (SPEC §4)", () => {
  it("uses the stored choice when it is allowed", () => {
    expect(
      resolveLocale({ stored: "vi-VN", browserLanguages: ["th-TH"], entitlements: ENTERPRISE }),
    ).toBe("vi-VN");
  });

  it("ignores a stored choice that is no longer allowed, or unknown", () => {
    expect(
      resolveLocale({ stored: "ms-MY", browserLanguages: ["th"], entitlements: ["th", "sg"] }),
    ).toBe("th-TH");
    expect(
      resolveLocale({ stored: "tlh-KX", browserLanguages: ["ta-MY"], entitlements: ENTERPRISE }),
    ).toBe("ta-MY");
  });

  it("uses the tenant default before the browser: jpl → en-CA", () => {
    const jpl = getTenant("jpl");
    expect(jpl.defaultLocale).toBe("en-CA");
    expect(
      resolveLocale({
        tenantDefault: jpl.defaultLocale,
        browserLanguages: ["th-TH"],
        entitlements: jpl.entitlements,
      }),
    ).toBe("en-CA");
    // ...but a saved choice still wins.
    expect(
      resolveLocale({ stored: "zh-SG", tenantDefault: "en-CA", entitlements: jpl.entitlements }),
    ).toBe("zh-SG");
  });

  it("skips a tenant default the tenant is not entitled to", () => {
    expect(
      resolveLocale({ tenantDefault: "en-US", browserLanguages: ["vi"], entitlements: ENTERPRISE }),
    ).toBe("vi-VN");
  });

  it("matches the browser's languages in order: exact tag, then the same language", () => {
    expect(matchBrowserLanguages(["de-DE", "th-TH", "en"], allowedLocales(ENTERPRISE))).toBe(
      "th-TH",
    );
    expect(matchBrowserLanguages(["ms"], allowedLocales(ENTERPRISE))).toBe("ms-MY");
    expect(matchBrowserLanguages(["fr-FR"], allowedLocales(ENTERPRISE))).toBe("fr-CA");
    expect(matchBrowserLanguages(["zh-SG"], allowedLocales(ENTERPRISE))).toBe("zh-SG");
    expect(matchBrowserLanguages(["zh-Hans-SG"], allowedLocales(ENTERPRISE))).toBe("zh-MY");
    expect(matchBrowserLanguages(["th-TH-u-nu-thai"], allowedLocales(ENTERPRISE))).toBe("th-TH");
    // en-US is not entitled, so an American browser gets the first English locale that is.
    expect(matchBrowserLanguages(["en-US", "en"], allowedLocales(ENTERPRISE))).toBe("en-CA");
    expect(matchBrowserLanguages(["de", "ja"], allowedLocales(ENTERPRISE))).toBeUndefined();
  });

  it("never picks an enterprise locale from the browser", () => {
    expect(matchBrowserLanguages(["ms"], ["ms-MY-enterprise", "en-enterprise"])).toBeUndefined();
    expect(resolveLocale({ browserLanguages: ["ms"], entitlements: [] })).toBe("en-enterprise");
  });

  it("falls back to en-US when it is allowed, else to the first allowed locale", () => {
    expect(resolveLocale({ browserLanguages: [], entitlements: REGIONS })).toBe(DEFAULT_LOCALE);
    expect(resolveLocale({ browserLanguages: [], entitlements: ENTERPRISE })).toBe("en-CA");
    expect(resolveLocale({ entitlements: ["th"] })).toBe("th-TH");
    expect(resolveLocale({ entitlements: [] })).toBe("en-enterprise");
  });
});

describe("Accept-Language", () => {
  it.each([
    ["th-TH,th;q=0.9,en;q=0.8", ["th-TH", "th", "en"]],
    ["en;q=0.5, vi-VN", ["vi-VN", "en"]],
    ["*", []],
    ["", []],
    [null, []],
    ["fr-CA;q=0, ms", ["ms"]],
    ["<script>, zh-SG;q=abc, ta", ["ta"]],
    ["en;q=0.8,en-GB;q=0.8", ["en", "en-GB"]],
  ] as const)("%j → %j", (header, expected) => {
    expect(parseAcceptLanguage(header)).toEqual(expected);
  });

  it("copes with an absurdly long header", () => {
    expect(parseAcceptLanguage(`${"x-".repeat(10_000)}en`).length).toBeLessThan(500);
  });
});
