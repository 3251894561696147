import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { E2E_DATABASE, E2E_PORT, E2E_SMTP_PORT } from "../../playwright.config";
import { PILOT_DOMAIN, login } from "./auth";
import { deliveredMail } from "./db";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";

// A manager's roster as they meet it (issue "Organisations for real", item 2): the overdue person
// is listed, the escalation reaches their line manager on the day the organisation's escalation
// days are reached, and the manager acts on the row with a reason.

const run = promisify(execFile);
const DAY = 86_400_000;

/**
 * An organisation in Toronto that escalates after 7 days, with one requirement due 30 days after
 * assignment, set a year ago; the learner joined 37 days ago (so is 7 days overdue today) and has
 * the manager as line manager.
 */
function enrol(managerEmail: string, learnerEmail: string): number {
  const db = new SQLite(E2E_DATABASE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const toronto = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
      new Date(),
    );
    // Noon in Toronto, 37 days before today there.
    const joined = new Date(Date.parse(`${toronto}T12:00:00-05:00`) - 37 * DAY).toISOString();
    const yearAgo = new Date(Date.now() - 365 * DAY).toISOString();
    const idOf = (email: string) =>
      (db.prepare('select id from "user" where email = ?').get(email) as { id: string }).id;
    const organisationId = Number(
      db
        .prepare(
          "insert into organisation (name, region, time_zone, next_audit, created_at, escalation_days) values (?, 'CA', 'America/Toronto', '2027-10-18', ?, 7) returning id",
        )
        .pluck()
        .get(`Maple Credit ${randomUUID().slice(0, 8)}`, yearAgo),
    );
    db.prepare(
      "insert into requirement (organisation_id, name, description, category, points, due_date, due_days, fulfilled_by, recurrence, window_days, created_at, updated_at, updated_by) values (?, 'Customer Due Diligence', 'Know your customer.', 'aml', 200, '2025-11-30', 30, ?, 'yearly', 30, ?, ?, 'system')",
    ).run(organisationId, JSON.stringify(["module:document-verification"]), yearAgo, yearAgo);
    const manager = idOf(managerEmail);
    for (const [userId, role, joinedAt, managerId] of [
      [manager, "manager", yearAgo, null],
      [idOf(learnerEmail), "learner", joined, manager],
    ] as const) {
      db.prepare(
        "update organisation_member set organisation_id = ?, role = ?, joined_at = ?, manager_id = ? where user_id = ?",
      ).run(organisationId, role, joinedAt, managerId, userId);
    }
    return organisationId;
  } finally {
    db.close();
  }
}

test("the roster lists the overdue person, the escalation reaches their manager on the day, and the manager excuses them with a reason", async ({
  page,
  browser,
}) => {
  test.slow();
  const managerEmail = uniqueEmail("lead", PILOT_DOMAIN);
  const learnerEmail = uniqueEmail("behind", PILOT_DOMAIN);
  const other = await browser.newContext();
  await login(await other.newPage(), learnerEmail);
  await other.close();
  await login(page, managerEmail);
  const organisationId = enrol(managerEmail, learnerEmail);

  await page.goto("/training/roster");
  await expect(page.getByRole("heading", { name: "Roster", level: 1 })).toBeVisible();
  const roster = page.getByTestId("roster");
  const row = roster.getByRole("row").filter({ hasText: learnerEmail });
  await expect(row.getByTestId("requirement-status")).toHaveText("Overdue");
  await expect(row).toContainText("7 days overdue");
  await expectAccessible(page);

  // Filters are an address: overdue keeps the learner, due soon nobody.
  await waitForHydration(page);
  await page.getByLabel("Show").selectOption("overdue");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=overdue/);
  await expect(row).toBeVisible();
  await page.getByLabel("Show").selectOption("due-soon");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("roster-empty")).toHaveText("No one matches these filters.");

  // What cron runs, for this organisation only: the learner is 7 days overdue, the day the
  // organisation escalates, so their line manager is copied.
  await run(process.execPath, ["scripts/jobs-once.js", `--organisation=${organisationId}`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: E2E_DATABASE,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
    },
  });
  await expect
    .poll(() =>
      deliveredMail().filter(
        (mail) => mail.to.includes(managerEmail) && mail.data.includes("Escalation"),
      ),
    )
    .toHaveLength(1);

  await page.goto("/training/roster");
  await expect(page.getByTestId("reminder-log")).toContainText(
    `Escalated to the line manager, ${managerEmail}`,
  );

  // Excusing needs a reason: refused without one, with the row still chosen.
  await waitForHydration(page);
  const choose = page.getByRole("checkbox", {
    name: new RegExp(`^Choose ${learnerEmail.replace(/[.+]/g, "\\$&")}, Customer Due Diligence$`),
  });
  await choose.check();
  await page.getByRole("button", { name: "Excuse" }).click();
  await expect(page.getByText("Give the reason.")).toBeVisible();
  await expect(choose).toBeChecked();
  await page.getByLabel("Reason").fill("On parental leave until March");
  await page.getByRole("button", { name: "Excuse" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Excused: 1." })).toBeVisible();
  await expect(
    page
      .getByTestId("roster")
      .getByRole("row")
      .filter({ hasText: learnerEmail })
      .getByTestId("requirement-status"),
  ).toHaveText("Excused");
  await expect(page.getByTestId("roster-history")).toContainText("On parental leave until March");
  await expectAccessible(page);

  // The CSV carries what the page shows.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  const line = csv.split(/\r?\n/).find((entry) => entry.includes(learnerEmail)) ?? "";
  expect(line).toContain(",excused,");
  expect(line).toContain("On parental leave until March");
});

test("a learner is refused the roster", async ({ browser }) => {
  // Its own context: the refused page logs the 403 in the console, which the fixture's page fails on.
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, uniqueEmail("nosy", PILOT_DOMAIN), "/login?redirectTo=%2Ftraining%2Froster");
  await expect(page).toHaveURL(/\/training\/roster$/);
  await expect(page.getByText("Access to this resource is forbidden.")).toBeVisible();
  await context.close();
});

test("a manager makes a group, puts a learner in it, names their line manager and names them a reviewer, then filters the roster by it", async ({
  page,
  browser,
}) => {
  test.slow();
  const managerEmail = uniqueEmail("grouper", PILOT_DOMAIN);
  const learnerEmail = uniqueEmail("teller", PILOT_DOMAIN);
  const other = await browser.newContext();
  await login(await other.newPage(), learnerEmail);
  await other.close();
  await login(page, managerEmail);
  enrol(managerEmail, learnerEmail);

  await page.goto("/training/requirements");
  await waitForHydration(page);
  const create = page.locator("form#group-create");
  await create.getByLabel("Kind").selectOption("role");
  await create.getByRole("button", { name: "Add group" }).click();
  await expect(create.getByText("This field is required")).toBeVisible();
  await create.getByLabel("Group name").fill("Tellers");
  await create.getByRole("button", { name: "Add group" }).click();
  await expect(create.getByRole("status")).toHaveText("Group added.");

  const member = page.locator("form#group-member");
  const learnerOption = member.getByRole("option", { name: learnerEmail }).first();
  await member.getByLabel("Member").selectOption((await learnerOption.getAttribute("value")) ?? "");
  await member.getByLabel("Group").selectOption({ label: "Tellers (Role)" });
  await member.getByRole("button", { name: "Add to group" }).click();
  await expect(member.getByRole("status")).toHaveText("Member added to the group.");
  await expect(page.locator('[data-group="Tellers"]')).toContainText(learnerEmail);

  const line = page.locator("form#line-manager");
  await line.getByLabel("Member").selectOption((await learnerOption.getAttribute("value")) ?? "");
  const managerOption = line.getByRole("option", { name: managerEmail }).first();
  await line
    .getByLabel("Line manager")
    .selectOption((await managerOption.getAttribute("value")) ?? "");
  await line.getByRole("button", { name: "Set" }).click();
  await expect(line.getByRole("status")).toHaveText("Line manager set.");
  await expect(page.getByTestId("line-managers")).toContainText(learnerEmail);

  // The learner named a reviewer of written answers, beside the managers.
  const reviewers = page.locator("form#reviewer");
  await expect(page.getByTestId("reviewers")).toHaveText(
    "No member is named yet: the managers review.",
  );
  await reviewers
    .getByLabel("Member")
    .selectOption((await learnerOption.getAttribute("value")) ?? "");
  await reviewers.getByRole("button", { name: "Name as reviewer" }).click();
  await expect(reviewers.getByRole("status")).toHaveText("Named as a reviewer.");
  await expect(page.getByTestId("reviewers")).toContainText(learnerEmail);
  await expectAccessible(page);

  await page.goto("/training/roster");
  await waitForHydration(page);
  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Tellers" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/group=\d+/);
  const rows = page.getByTestId("roster").getByRole("row");
  // The header and the learner's one requirement.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(learnerEmail);
});
