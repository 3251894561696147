import { readFileSync } from "node:fs";
import path from "node:path";
import { E2E_PORT } from "../../playwright.config";
import { PILOT_DOMAIN, login } from "./auth";
import { expect, test, uniqueEmail } from "./fixtures";
import { passModule } from "./modules";

// A count of one reads singular: a learner with one certificate waiting for its name, and one
// notification, in English, Canadian French and Tamil. The texts come from the dictionaries.

const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

function pluralText(dictionary: string, key: string, count: number): string {
  const file = path.resolve(import.meta.dirname, "../../locales", dictionary, "training.json");
  let value: unknown = JSON.parse(readFileSync(file, "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown>)[part];
  if (typeof value !== "string") throw new Error(`No text ${dictionary}/training:${key}`);
  return value.replace("{{count, number}}", String(count));
}

test("one certificate and one notification read singular in English, French and Tamil", async ({
  page,
}) => {
  test.slow();
  await login(page, uniqueEmail("singular", PILOT_DOMAIN));
  await passModule(page, "esg-fundamentals-singapore");

  for (const [locale, dictionary] of [
    ["en-CA", "en"],
    ["fr-CA", "fr-CA"],
    ["ta-MY", "ta"],
  ] as const) {
    const saved = await page.request.post("/locale", {
      form: { locale },
      headers: { Origin: APP_ORIGIN },
    });
    expect(saved.status()).toBe(200);
    await page.goto("/training/certificates");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    const pending = pluralText(dictionary, "certificates.pending_one", 1);
    expect(pending).not.toBe(pluralText(dictionary, "certificates.pending_other", 1));
    await expect(page.getByRole("status").first()).toContainText(pending);

    const bell = pluralText(dictionary, "notifications.bellLabel_one", 1);
    await expect(page.getByRole("link", { name: bell, exact: true })).toBeVisible();
  }
});
