import { beforeAll, describe, expect, it } from "vitest";
import { type RegionPack, addEnglishNamespaces, getI18n, loadDictionaries } from "~/platform/i18n";
import ca from "../../../content/region-packs/ca.json";
import th from "../../../content/region-packs/th.json";
import training from "../../../locales/en/training.json";
import tamil from "../../../locales/ta/training.json";
import { amountFiller } from "./player.server";
import { MESSAGES, SIGNALS, spotsEverySignal } from "./spot-the-signals";

// Texts a learner reads: plural forms per language, sums in the region's currency, and the
// practice exercise's answer check.

beforeAll(async () => {
  addEnglishNamespaces({ training });
  await Promise.all((["ta-MY", "th-TH", "fr-CA"] as const).map((l) => loadDictionaries(l)));
});

describe("plural forms", () => {
  it("say '1 module' and '2 modules' in English, never '1 modules'", () => {
    const { t } = getI18n("en-US");
    expect(t("training:track.modules", { count: 1 })).toBe("1 module");
    expect(t("training:track.modules", { count: 2 })).toBe("2 modules");
    expect(t("training:track.points", { count: 1 })).toBe("1 point");
  });

  it("use the language's own forms: Tamil singular and plural differ, Thai has one", () => {
    const ta = getI18n("ta-MY");
    expect(ta.t("training:track.modules", { count: 1 })).toBe(
      tamil.track.modules_one.replace("{{count, number}}", "1"),
    );
    expect(ta.t("training:track.modules", { count: 2 })).toBe(
      tamil.track.modules_other.replace("{{count, number}}", "2"),
    );
    expect(tamil.track.modules_one.replace("{{count, number}}", "")).not.toBe(
      tamil.track.modules_other.replace("{{count, number}}", ""),
    );
    const thai = getI18n("th-TH");
    expect(thai.t("training:track.modules", { count: 1 })).toMatch(/^1 /);
    expect(getI18n("fr-CA").t("training:track.modules", { count: 1 })).toBe("1 module");
  });
});

describe("scam story sums", () => {
  it("are the region's sample in its currency, formatted for the reader", () => {
    expect(amountFiller("en-CA", ca as RegionPack)("Send {{amount}} now")).toBe("Send $2,500 now");
    expect(amountFiller("th-TH", th as RegionPack)("{{amount}}")).toMatch(/60,000/);
    expect(amountFiller("th-TH", th as RegionPack)("{{amount}}")).toMatch(/฿|THB/);
  });

  it("fall back to the default region's sum when no pack is loaded", () => {
    expect(amountFiller("en-SG", undefined)("{{amount}} and {{amount}}")).toBe("$2,500 and $2,500");
  });
});

describe("Spot the Signals", () => {
  it("counts a message as spotted only with exactly its signals", () => {
    const bank = MESSAGES[0];
    if (!bank) throw new Error("no messages");
    expect(spotsEverySignal(new Set(bank.signals), bank.signals)).toBe(true);
    expect(spotsEverySignal(new Set(bank.signals.slice(1)), bank.signals)).toBe(false);
    expect(spotsEverySignal(new Set(SIGNALS), bank.signals)).toBe(false);
  });

  it("names only signals that exist, at least two a message", () => {
    for (const message of MESSAGES) {
      expect(message.signals.length).toBeGreaterThanOrEqual(2);
      for (const signal of message.signals) expect(SIGNALS).toContain(signal);
    }
  });
});
