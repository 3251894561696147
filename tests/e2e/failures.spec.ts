import type { Page } from "@playwright/test";
import { PILOT_DOMAIN, login } from "./auth";
import { expect, test, uniqueEmail, waitForHydration } from "./fixtures";

// SPEC §8 "network": a form that posts with JavaScript keeps what was typed when the connection
// fails, and says so, instead of replacing the page with the error screen.
const NETWORK = "Network error. Please check your connection.";

// The browser reports each request it could not send, and the router each route list it could not
// fetch while offline (a link that appeared after the failed post); that is the situation under test.
test.use({ expectedConsoleError: /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/ });

async function submitOffline(page: Page, button: string) {
  await page.context().setOffline(true);
  await page.getByRole("button", { name: button }).click();
}

test("the waitlist dialog keeps the form and shows the network error", async ({ page }) => {
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join The Waitlist" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Full name")).toBeFocused();
  await dialog.getByLabel("Full name").fill("Ana Cruz");
  await dialog.getByLabel("Work email").fill(uniqueEmail("offline", "bank.example"));
  await dialog.getByLabel("Company").fill("Manila Trust");
  await dialog.getByLabel("Role").fill("Compliance officer");
  await dialog.getByRole("checkbox").check();
  await submitOffline(page, "Join the waitlist");
  await expect(dialog.getByRole("alert")).toContainText(NETWORK);
  await expect(dialog.getByLabel("Full name")).toHaveValue("Ana Cruz");
  await expect(dialog.getByLabel("Company")).toHaveValue("Manila Trust");

  // Back online, the same form sends.
  await page.context().setOffline(false);
  await dialog.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(dialog.getByText("You're on the list. We'll be in touch soon.")).toBeVisible();
});

test("the contact form keeps the message and shows the network error", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name").fill("Siti Rahman");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("offline", "bank.example"));
  await page.getByLabel("Message").fill("A long message we would hate to type again.");
  await submitOffline(page, "Send Message");
  await expect(page.getByRole("alert")).toContainText(NETWORK);
  await expect(page.getByLabel("Message")).toHaveValue(
    "A long message we would hate to type again.",
  );
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Something went wrong");

  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
});

test("the demo request keeps its fields and shows the network error", async ({ page }) => {
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Nguyen Van An");
  await page.getByLabel("Work email").fill(uniqueEmail("offline", "bank.example"));
  await page.getByRole("textbox", { name: "Company", exact: true }).fill("Saigon Credit");
  await submitOffline(page, "Request Demo");
  await expect(page.getByRole("alert")).toContainText(NETWORK);
  await expect(page.getByRole("textbox", { name: "Company", exact: true })).toHaveValue(
    "Saigon Credit",
  );
});

test("the AML free-form analysis keeps the text and shows the network error", async ({ page }) => {
  await page.goto("/kestrel/aml-demo");
  await waitForHydration(page);
  await page.getByLabel("Guided flow").uncheck();
  const freeForm = page.getByTestId("free-form");
  const analysis = "Three cash deposits under the threshold in two days: escalate to the MLRO.";
  await freeForm.getByLabel(/Your analysis/).fill(analysis);
  await freeForm.getByRole("radio", { name: "Escalate now" }).check();
  await page.context().setOffline(true);
  await freeForm.getByRole("button", { name: "Grade" }).click();
  await expect(freeForm.getByRole("alert")).toContainText(NETWORK);
  await expect(freeForm.getByLabel(/Your analysis/)).toHaveValue(analysis);
  await page.context().setOffline(false);
  await freeForm.getByRole("button", { name: "Grade" }).click();
  await expect(page.getByTestId("aml-result")).toBeVisible();
});

test("the certificate name form keeps the name and shows the network error", async ({ page }) => {
  await login(
    page,
    uniqueEmail("offline", PILOT_DOMAIN),
    "/login?redirectTo=%2Ftraining%2Fcertificates",
  );
  await waitForHydration(page);
  await page.getByLabel("Name to print").fill("Nguyễn Thị Mai");
  await submitOffline(page, "Save name");
  await expect(page.getByText(NETWORK)).toBeVisible();
  await expect(page.getByLabel("Name to print")).toHaveValue("Nguyễn Thị Mai");
  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText(NETWORK)).toHaveCount(0);
});

test("the skills generator keeps the notes and shows the network error", async ({ page }) => {
  await login(page, uniqueEmail("offline-skills", PILOT_DOMAIN));
  await page.goto("/app");
  await waitForHydration(page);
  const notes =
    "Three cash deposits of SGD 9,800 on consecutive days; the customer declined to explain.";
  await page.getByRole("textbox").first().fill(notes);
  await submitOffline(page, "Generate");
  await expect(page.getByText(NETWORK)).toBeVisible();
  await expect(page.getByRole("textbox").first()).toHaveValue(notes);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skills");
});
