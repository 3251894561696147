import { readFileSync } from "node:fs";
import { signInAdmin } from "./auth";
import { admitOrganisation, makeManager, showOrganisation, signInEach } from "./organisations";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Requirements as an admin and a manager meet them (issue items 1 and 2): the admin lets an
// organisation in, sets it a requirement and makes one of its people a manager; that manager
// extends a learner's due date, with the reason, and sees it in the history.

test("an admin sets an organisation's requirement and its manager, who extends a learner's due date", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const stamp = `${testInfo.retry}-${Date.now()}`;
  const domain = `harbour-${stamp}.example`;
  const organisation = `Harbour Bank ${stamp}`;
  const managerEmail = `manager@${domain}`;
  const learnerEmail = `learner@${domain}`;
  // Dates ahead of whenever the suite runs: due in two days, extended by two months.
  const daysAhead = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const due = daysAhead(2);
  const extended = daysAhead(60);

  await signInAdmin(page, `steward${testInfo.retry}@kestrel.test`, "/admin/allowlist");
  await admitOrganisation(page, domain, organisation);

  // The two sign in; a learner asking for the managers' page is refused (and so joins as a learner).
  const [manager, learner] = await signInEach(
    browser,
    [managerEmail, learnerEmail],
    "/training/requirements",
  );
  if (!manager || !learner) throw new Error("no page");
  for (const person of [manager, learner]) {
    await expect(person.getByText("Access to this resource is forbidden.")).toBeVisible();
  }

  await showOrganisation(page, organisation);

  const create = page.locator("form#create");
  await create.getByLabel("Name").fill("Sanctions Screening");
  await create.getByLabel("Description").fill("Screen every customer before onboarding.");
  await create.getByLabel("Category").selectOption("aml");
  await create.getByLabel("Points").fill("-5");
  await create.getByLabel("Due date").fill(due);
  await create.getByRole("checkbox", { name: "ESG and Climate Disclosure" }).check();
  // Every track is named by its title, the regional one too, never by its id.
  await expect(create.getByText("scam-awareness-track")).toHaveCount(0);
  await expect(create.getByRole("checkbox", { name: /scam/i }).first()).toBeVisible();
  await create.getByRole("button", { name: "Add requirement" }).click();
  await expect(create.getByText("Enter a whole number from 1 to 10,000.")).toBeVisible();
  await expect(create.getByLabel("Name")).toHaveValue("Sanctions Screening");
  await create.getByLabel("Points").fill("150");
  await create.getByRole("button", { name: "Add requirement" }).click();
  await expect(create.getByRole("status")).toHaveText("Requirement added.");
  const table = page.getByTestId("requirements-table");
  await expect(table.getByRole("row", { name: /Sanctions Screening/ })).toContainText(
    "ESG and Climate Disclosure",
  );
  await expectAccessible(page);

  // Its editor opens on its summary and saves; the other editors hold no form until opened.
  await expect(page.locator("form[id^='update-']")).toHaveCount(0);
  await page.getByText("Edit Sanctions Screening").click();
  const edit = page.locator("form[id^='update-']");
  await expect(edit).toHaveCount(1);
  await edit.getByLabel("Points").fill("175");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("status")).toHaveText("Requirement saved.");
  await expect(table.getByRole("row", { name: /Sanctions Screening/ })).toContainText("175");

  await makeManager(page, managerEmail);

  // The manager's page now opens, on their organisation's requirements.
  await manager.reload();
  await expect(manager.getByRole("heading", { name: "Requirements", level: 1 })).toBeVisible();
  await expect(manager.getByText(organisation).first()).toBeVisible();
  await expect(manager.getByTestId("requirements-table")).toContainText("Sanctions Screening");
  await waitForHydration(manager);
  const extend = manager.locator("form#extend");
  const learnerOption = extend.getByRole("option", { name: learnerEmail });
  await extend
    .getByLabel("Learner")
    .selectOption((await learnerOption.getAttribute("value")) ?? "");
  await extend.getByLabel("Requirement").selectOption({ label: "Sanctions Screening" });
  await extend.getByLabel("New due date").fill(extended);
  await extend.getByLabel("Reason").fill("Parental leave until January");
  await extend.getByRole("button", { name: "Extend due date" }).click();
  await expect(extend.getByRole("status")).toHaveText("Due date extended.");
  const history = manager.getByTestId("extension-history");
  await expect(history).toContainText("Parental leave until January");
  await expect(history).toContainText(extended);
  await expect(history).toContainText(managerEmail);
  await expectAccessible(manager);

  // The admin sees the same history.
  await page.reload();
  await expect(page.getByTestId("extension-history")).toContainText("Parental leave until January");

  // The learner gives the name to print on certificates; the register names them by it.
  await learner.goto("/training/certificates");
  await waitForHydration(learner);
  await learner.getByLabel("Name to print").fill("Trần Thị Lan");
  await learner.getByRole("button", { name: "Save name" }).click();
  await expect(learner.getByText("Name saved.")).toBeVisible();

  // The manager downloads the training register: every learner × requirement, as an examiner reads it.
  await manager.goto("/training/reports");
  await waitForHydration(manager);
  await manager.getByLabel("Report", { exact: true }).selectOption({ label: "Training register" });
  await manager.getByLabel("Format").selectOption("csv");
  await manager.getByRole("button", { name: "Generate report" }).click();
  const card = manager.getByTestId("report").first();
  await expect(card.getByTestId("report-status")).toHaveText("Completed", { timeout: 15_000 });
  const [download] = await Promise.all([
    manager.waitForEvent("download"),
    card.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  const lines = csv.trim().split(/\r?\n/);
  const learnerRows = lines.filter((line) => line.includes(learnerEmail));
  // The four default requirements and the one the admin added, for the learner.
  expect(learnerRows).toHaveLength(5);
  const screening = learnerRows.find((line) => line.includes("Sanctions Screening")) ?? "";
  expect(screening).toContain(extended);
  expect(screening).toContain("Pending");
  // The learner joined today: the four default requirements are due in 30 days, none overdue.
  expect(learnerRows.filter((line) => line.includes("Overdue"))).toHaveLength(0);
  expect(learnerRows.filter((line) => line.includes("Pending"))).toHaveLength(5);
  expect(learnerRows.every((line) => line.includes("Trần Thị Lan"))).toBe(true);
  expect(lines.filter((line) => line.includes(managerEmail))).toHaveLength(5);
  await Promise.all([manager, learner].map((person) => person.context().close()));

  // The admin's way from the training home to the requirements is the admin area's page.
  await page.goto("/training");
  await page.getByRole("link", { name: "Manage requirements and due dates" }).click();
  await expect(page).toHaveURL(/\/admin\/requirements\?organisation=\d+$/);
  await expect(
    page.getByRole("heading", { name: "Requirements", level: 2, exact: true }),
  ).toBeVisible();
});
