import { expect, holdScripts, test, waitForHydration } from "./fixtures";
import { type Question, content, optionText, shownQuestion } from "./modules";

// A click in the moment between the server's HTML and hydration is never lost: a control either
// works before the page's scripts run or is disabled until they do.

test("the AML signal chips and the guided-flow switch wait for the page's scripts, then work", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/kestrel/aml-demo?jurisdiction=sg&scenario=paynow-pep-pass-through", {
    waitUntil: "commit",
  });
  const chip = page
    .getByTestId("guided-flow")
    .getByRole("button", { name: "Round amounts", exact: true });
  await expect(chip).toBeVisible();
  // Not yet able to toggle, so it says so rather than taking a click it would drop.
  await expect(chip).toBeDisabled();
  const guided = page.getByRole("checkbox", { name: "Guided flow" });
  await expect(guided).toBeDisabled();
  release();
  await waitForHydration(page);
  await chip.click();
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await guided.uncheck();
  await expect(page.getByTestId("free-form")).toBeVisible();
});

test("a lease step's answer chosen before hydration stays chosen and is checked", async ({
  page,
}) => {
  const ring = content("lease-scenarios/synthetic-lease-ring");
  const [first] = ring.banks as [Question[]];
  const release = await holdScripts(page);
  await page.goto(`/training/lease-fraud-demo?scenario=${ring.id}&step=1`, {
    waitUntil: "commit",
  });
  const question = await shownQuestion(page, first);
  const radio = page.getByRole("radio", { name: optionText(question, true) });
  await radio.check();
  release();
  await waitForHydration(page);
  await expect(radio).toBeChecked();
  await page.getByTestId("check-answer").click();
  await expect(page.getByTestId("answer-feedback")).toContainText("Correct");
});

test("a jurisdiction chosen in the AML preview before hydration is the one shown once it hydrates", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/kestrel/aml-demo?jurisdiction=sg", { waitUntil: "commit" });
  const jurisdiction = page.getByLabel("Jurisdiction");
  await expect(jurisdiction).toBeVisible();
  await jurisdiction.selectOption("th");
  release();
  await waitForHydration(page);
  await expect(page).toHaveURL(/jurisdiction=th/);
  await expect(jurisdiction).toHaveValue("th");
  await expect(page.getByTestId("pack-details")).toContainText("Thailand");
});

test("a language chosen before hydration switches the page once it hydrates", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/kestrel", { waitUntil: "commit" });
  const language = page.getByTestId("lang-select");
  await expect(language).toBeVisible();
  await language.selectOption("fr-CA");
  release();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(language).toHaveValue("fr-CA");
});
