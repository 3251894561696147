import { PILOT_DOMAIN, login } from "./auth";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";
import { CATALOGUE, passModule } from "./modules";

// The compliance dashboard as a learner meets it (issue "Compliance dashboard").

test("a learner who joins today is due in 30 days, not overdue, passes a module and sees it completed", async ({
  page,
}) => {
  test.slow();
  await login(page, uniqueEmail("compliant", PILOT_DOMAIN));
  await page.goto("/training");
  const dashboard = page.getByTestId("compliance-dashboard");
  await expect(dashboard).toContainText("Your requirements at Independent learners");
  await expect(dashboard).toContainText("FINTRAC");
  const requirement = dashboard.locator('[data-requirement="Customer Due Diligence"]');
  await expect(requirement.getByTestId("requirement-status")).toHaveText("Pending");
  // Due at the end of the 30th day after today, in the organisation's time zone (Toronto).
  const toronto = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
    new Date(),
  );
  const due = new Date(`${toronto}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 30);
  const dueText = new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(due);
  await expect(requirement).toContainText(`Due ${dueText}`);
  await expect(
    dashboard.getByTestId("requirement-status").filter({ hasText: "Overdue" }),
  ).toHaveCount(0);
  // The SPEC's audit date has passed: a learner is not shown it as the next audit.
  await expect(page.getByTestId("next-audit")).toHaveText("Not yet scheduled");
  // SPEC §2: a card collapses and expands on click, its name and status always in view.
  const details = requirement.getByTestId("requirement-details");
  await expect(details).toBeVisible();
  await requirement.getByText("Customer Due Diligence", { exact: true }).click();
  await expect(details).toBeHidden();
  await expect(requirement.getByTestId("requirement-status")).toBeVisible();
  await requirement.getByText("Customer Due Diligence", { exact: true }).click();
  await expect(details).toBeVisible();
  await expect(page.getByTestId("compliance-score")).toHaveText("0%");
  await expect(page.getByTestId("analytics")).toContainText("No module has been completed yet.");
  await expectAccessible(page);

  await page.getByRole("link", { name: "See your own requirements and what to do next" }).click();
  await expect(page).toHaveURL(/\/training\/compliance$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compliance requirements");
  await expect(
    page.getByRole("link", { name: "Document Verification for Customer Identification" }).first(),
  ).toBeVisible();
  await expectAccessible(page);

  await passModule(page, "document-verification");
  await page.goto("/training/compliance");
  const done = page.locator('[data-requirement="Customer Due Diligence"]');
  await expect(done.getByTestId("requirement-status")).toHaveText("Completed");
  await expect(done).toContainText(/Completed [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(page.getByTestId("compliance-score")).toHaveText("25%");
  await expect(page.getByTestId("monthly-stats")).toBeVisible();
  await expectAccessible(page);
});

test("Factory Reset asks first, then starts the training again", async ({ page }) => {
  test.slow();
  await login(page, uniqueEmail("resetting", PILOT_DOMAIN));
  await passModule(page, "document-verification");
  await page.goto("/training");
  await waitForHydration(page);
  await expect(page.getByTestId("progress-summary")).toContainText(`1 of ${CATALOGUE.modules}`);

  await page.getByRole("link", { name: "Factory Reset" }).click();
  const confirmation = page.getByRole("alertdialog", { name: "Reset your training?" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("heading")).toBeFocused();
  await expectAccessible(page);
  await confirmation.getByRole("link", { name: "Cancel" }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByTestId("progress-summary")).toContainText(`1 of ${CATALOGUE.modules}`);

  await page.getByRole("link", { name: "Factory Reset" }).click();
  await page.getByRole("button", { name: "Reset my training" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your training was reset." }),
  ).toBeVisible();
  await expect(page.getByTestId("progress-summary")).toContainText(`0 of ${CATALOGUE.modules}`);

  await page.getByRole("button", { name: "Refresh Data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data refreshed." })).toBeVisible();
});
