import { PILOT_DOMAIN, login } from "./auth";
import {
  expect,
  expectAccessible,
  recordAnalytics,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";
import {
  CATALOGUE,
  type Question,
  answerShown,
  content,
  optionText,
  passModule,
  shownQuestion,
} from "./modules";

// Training as a learner meets it (issue "Training"): guests and accounts, the player, locks,
// search, the lease fraud demo and the consumer scam module in Thai.

const esg = content("modules/esg-fundamentals-singapore");
const scam = content("modules/consumer-scam-awareness");
const ring = content("lease-scenarios/synthetic-lease-ring");
const cdd = content("modules/cdd-edd-beneficial-ownership");

test("a guest answers one question wrong and finishes a module with 67 %", async ({ page }) => {
  const events = await recordAnalytics(page);
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  await expect(page.getByText("Sign in to save your progress")).toBeVisible();
  // Nothing on the page tells the answer before it is given.
  const html = await page.content();
  for (const item of esg.banks.flat())
    for (const choice of item.options) expect(html).not.toContain(choice.feedback.en);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expectAccessible(page);

  const [first, second, third] = esg.banks as [Question[], Question[], Question[]];
  const shown = await answerShown(page, first, false);
  await expect(page.getByTestId("answer-feedback")).toContainText("Incorrect");
  await expect(page.getByTestId("answer-feedback")).toContainText(optionText(shown, true));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  // The next step starts at its top, not at the question the reader left below: the bar and the
  // heading are in view, and focus is on the heading.
  await expect(page.getByTestId("transition-bar")).toBeInViewport();
  await expect(page.locator("h2[id^='step-']")).toBeFocused();
  await expect(page.locator("h2[id^='step-']")).toBeInViewport();
  // Previous too: back at step 1's top, then on to step 2 again.
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.locator("h2[id^='step-']")).toBeFocused();
  await expect(page.locator("h2[id^='step-']")).toBeInViewport();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await answerShown(page, second, true);
  await expect(page.getByTestId("answer-feedback")).toContainText("Correct");
  await page.getByRole("link", { name: "Next" }).click();
  await answerShown(page, third, true);
  await page.getByRole("link", { name: "Complete Module" }).click();
  await expect(page.getByRole("button", { name: "Completing..." })).toBeVisible();
  const done = page.getByTestId("module-completed");
  await expect(done).toContainText("Module Completed!");
  await expect(done).toContainText("Score 67%");
  await expect(done).toContainText("Points Earned 67");
  // SPEC §7 training events, at the moments they name (this page's events: one document).
  const names = (await events()).map((event) => event.event);
  expect(names).toEqual(expect.arrayContaining(["module_viewed", "module_completed"]));
  expect((await events()).find((event) => event.event === "module_completed")).toMatchObject({
    moduleId: esg.id,
    score: 67,
  });
  await expect(page.getByRole("link", { name: "Back to the ESG track" })).toHaveAttribute(
    "href",
    "/training/track/esg-track",
  );
  await expectAccessible(page);

  await page.goto("/training");
  await expect(page.getByTestId("progress-summary")).toContainText(`1 of ${CATALOGUE.modules}`);
  // One of the ESG track's modules passed: the card offers to continue, not to start.
  await expect(
    page.getByTestId("track-esg-track").getByRole("link", { name: "Continue ESG Training" }),
  ).toBeVisible();
  await expect(page.getByTestId("progress-summary")).toContainText(
    `${Math.round(100 / CATALOGUE.modules)}% complete`,
  );
  await expect
    .poll(async () => (await events()).map((event) => event.event))
    .toContain("training_home_viewed");
});

test("with the ESG track's three modules passed, the home offers to review it, not to start it", async ({
  page,
}) => {
  test.slow();
  for (const moduleId of [
    "esg-fundamentals-singapore",
    "esg-materiality-sector-scenarios",
    "esg-climate-disclosure-workflow",
  ]) {
    await passModule(page, moduleId);
  }
  await page.goto("/training");
  const card = page.getByTestId("track-esg-track");
  await expect(card).toContainText("3 of 3");
  await expect(card.getByRole("link", { name: "Review ESG Training" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Start ESG Training" })).toHaveCount(0);
});

test("keyboard alone finishes a module, and without scripts the form still grades", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/training/module/${esg.id}`);
  for (const [index, bank] of esg.banks.entries()) {
    const question = await shownQuestion(page, bank);
    await page.getByRole("radio", { name: optionText(question, true) }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Check answer" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("answer-feedback")).toContainText("Correct");
    const next = page.getByRole("link", { name: index < 2 ? "Next" : "Complete Module" });
    await next.focus();
    await page.keyboard.press("Enter");
  }
  await expect(page.getByTestId("module-completed")).toContainText("Score 100%");
  await context.close();
});

test("a signed-in learner reloads mid-module and resumes where they were", async ({ page }) => {
  await login(page, uniqueEmail("resume", PILOT_DOMAIN), "/login?redirectTo=/training");
  await expect(page.getByTestId("training-learner")).not.toContainText("Guest");
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  await answerShown(page, esg.banks[0] ?? [], true);
  await page.reload();
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.goto("/training/track/esg-track");
  await expect(page.getByTestId(`module-card-${esg.id}`)).toContainText("In progress");
  await expect(
    page.getByTestId(`module-card-${esg.id}`).getByRole("link", { name: "Resume" }),
  ).toBeVisible();
});

test("a locked module says what to do first", async ({ page }) => {
  await page.goto("/training/track/aml-investigator-track");
  const card = page.getByTestId("module-card-suspicious-transaction-reporting");
  await expect(card).toContainText("Locked");
  await expect(card).toContainText("Structuring and Cash Thresholds");
  await expectAccessible(page);
  await page.goto("/training/module/suspicious-transaction-reporting");
  await expect(page.getByTestId("module-locked")).toContainText("Pass these modules first:");
  await expect(
    page
      .getByTestId("module-locked")
      .getByRole("link", { name: "Structuring and Cash Thresholds" }),
  ).toHaveAttribute("href", "/training/module/structuring-and-cash-thresholds");
});

test("a failed module is not passed yet: no tick, no points, and what follows stays locked", async ({
  page,
}) => {
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  const [first, second, third] = esg.banks as [Question[], Question[], Question[]];
  await answerShown(page, first, false);
  await page.getByRole("link", { name: "Next" }).click();
  await answerShown(page, second, false);
  await page.getByRole("link", { name: "Next" }).click();
  await answerShown(page, third, true);
  await page.getByRole("link", { name: "Complete Module" }).click();
  const done = page.getByTestId("module-completed");
  await expect(done.getByRole("heading", { name: "Not passed yet" })).toBeVisible();
  await expect(done).not.toContainText("Module Completed!");
  await expect(done).toContainText("Score 33%");
  await expect(done).toContainText("Points Earned 0");
  await expect(done).toContainText("Not passed yet: 67% is needed. You can retake the module.");
  await expect(done).toHaveAttribute("data-passed", "false");
  await expectAccessible(page);

  await page.goto("/training/track/esg-track");
  const card = page.getByTestId(`module-card-${esg.id}`);
  await expect(card).toContainText("Not passed yet");
  await expect(card).toContainText("Best score 33%");
  await expect(card.getByRole("link", { name: "Retake module" })).toBeVisible();
  await expect(page.getByTestId("module-card-esg-materiality-sector-scenarios")).toContainText(
    "Locked",
  );
  await expectAccessible(page);
  await page.goto("/training");
  await expect(page.getByTestId("progress-summary")).toContainText(`0 of ${CATALOGUE.modules}`);
});

test("unknown tracks and modules say so with a 404", async ({ page }) => {
  const track = await page.goto("/training/track/no-such-track");
  expect(track?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Track Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Training" })).toHaveAttribute(
    "href",
    "/training",
  );
  const module = await page.goto("/training/module/no-such-module");
  expect(module?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Module Not Found" })).toBeVisible();
});

test.describe("search and level on the training home", () => {
  test("filter in place with scripts, and Clear Filters brings every track back", async ({
    page,
  }) => {
    await page.goto("/training");
    await waitForHydration(page);
    await expectAccessible(page);
    const tracks = page.locator('[data-testid^="track-"]');
    await expect(tracks).toHaveCount(CATALOGUE.tracks);
    await expect(tracks.first()).toContainText("FEATURED");
    await expect(tracks.first().getByRole("link", { name: "Start ESG Training" })).toBeVisible();
    await page.getByLabel("Search training").fill("trade-based");
    await expect(tracks).toHaveCount(1);
    await expect(page.getByTestId("track-aml-investigator-track")).toBeVisible();
    await page.getByLabel("Level").selectOption("beginner");
    await expect(page.getByText("No tracks found")).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(tracks).toHaveCount(CATALOGUE.tracks);
    await expect(page.getByLabel("Search training")).toHaveValue("");
  });

  test("work as a plain GET form without scripts", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/training");
    await page.getByLabel("Search training").fill("GHG");
    await page.getByLabel("Level").selectOption("intermediate");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=GHG&level=intermediate/);
    await expect(page.locator('[data-testid^="track-"]')).toHaveCount(1);
    await expect(page.getByTestId("track-esg-track")).toBeVisible();
    // The level is the track's: the intermediate ESG track is not "Advanced" because one of its
    // modules is.
    await page.getByLabel("Level").selectOption("advanced");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No tracks found")).toBeVisible();
    await context.close();
  });
});

test("a lease scenario runs from its intro to 'Scenario Completed!' with the points earned", async ({
  page,
}) => {
  await page.goto("/training/lease-fraud-demo");
  await waitForHydration(page);
  await expectAccessible(page);
  await page
    .getByTestId(`scenario-${ring.id}`)
    .getByRole("link", { name: "Open scenario" })
    .click();
  // The list says 'FINTRAC Canada Compliance' too: wait for the scenario's own page.
  await expect(page).toHaveURL(new RegExp(`scenario=${ring.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ring.title.en ?? "");
  await expect(page.getByText("FINTRAC Canada Compliance", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Key focus areas" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Start Scenario" }).click();
  const [first, second] = ring.banks as [Question[], Question[]];
  await expect(page.getByRole("table").first()).toBeVisible();
  await answerShown(page, first, true);
  await page.getByRole("link", { name: "Next Step" }).click();
  await answerShown(page, second, true);
  await page.getByRole("link", { name: "Next Step" }).click();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await expectAccessible(page);
  // SPEC §5: the last step may be completed unanswered; it counts as wrong.
  await page.getByRole("button", { name: "Complete Scenario" }).click();
  const done = page.getByTestId("scenario-completed");
  await expect(done).toContainText("Scenario Completed!");
  await expect(done).toContainText("Score 67%");
  await expect(done).toContainText(`Points Earned ${Math.round((ring.points * 67) / 100)}`);
});

test("a lease scenario below its pass mark is not passed yet and earns no points", async ({
  page,
}) => {
  await page.goto(`/training/lease-fraud-demo?scenario=${ring.id}&step=1`);
  await waitForHydration(page);
  const [first, second] = ring.banks as [Question[], Question[]];
  await answerShown(page, first, true);
  await page.getByRole("link", { name: "Next Step" }).click();
  await answerShown(page, second, false);
  await page.getByRole("link", { name: "Next Step" }).click();
  await page.getByRole("button", { name: "Complete Scenario" }).click();
  const done = page.getByTestId("scenario-completed");
  await expect(done.getByRole("heading", { name: "Not passed yet" })).toBeVisible();
  await expect(done).toContainText("Score 33%");
  await expect(done).toContainText("Points Earned 0");
  await expect(done).toContainText("67% is needed");
  await expectAccessible(page);
  await page.goto("/training/lease-fraud-demo");
  await expect(page.getByTestId(`scenario-${ring.id}`)).not.toContainText("Completed");
});

test("the consumer scam module in Thai ends with a score out of 75 in Thai baht", async ({
  page,
}) => {
  await page.goto("/training");
  await waitForHydration(page);
  await page.getByTestId("lang-select").selectOption("th-TH");
  await expect(page.locator("html")).toHaveAttribute("lang", "th-TH");
  await page.goto(`/training/module/${scam.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(scam.title.th ?? "");
  await expect(page.getByTestId("module-reporting")).toBeVisible();
  // The region's sample sum, in its currency: Thai baht for the Thai region.
  await expect(page.getByText(/฿|THB/).first()).toBeVisible();
  await expect(page.getByText("{{amount}}")).toHaveCount(0);
  await expectAccessible(page);
  const [first, second, third] = scam.banks as [Question[], Question[], Question[]];
  await answerShown(page, first, true, "th");
  await page.getByTestId("next-step").click();
  await answerShown(page, second, false, "th");
  await page.getByTestId("next-step").click();
  await answerShown(page, third, true, "th");
  await page.getByTestId("complete-module").click();
  await expect(page.getByTestId("module-completed")).toContainText("50");
  await expect(page.getByTestId("module-completed")).toContainText("75");
  await expectAccessible(page);
});

test("a guest's progress survives sign-in", async ({ page }) => {
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  for (const [index, bank] of esg.banks.entries()) {
    await answerShown(page, bank, true);
    await page.getByRole("link", { name: index < 2 ? "Next" : "Complete Module" }).click();
  }
  await expect(page.getByTestId("module-completed")).toContainText("Score 100%");
  await page.goto("/training");
  await page.getByTestId("training-learner").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftraining$/);
  await login(page, uniqueEmail("mover", PILOT_DOMAIN), page.url());
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByTestId("progress-summary")).toContainText(`1 of ${CATALOGUE.modules}`);
  await expect(page.getByTestId("progress-summary")).toContainText("100");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "kestrel-learner")).toBeUndefined();
});

test("the scam-awareness track has Spot the Signals and how to report in the region", async ({
  page,
}) => {
  // The track takes its title and its reporting guide from the visitor's region pack.
  await page.goto("/kestrel");
  await waitForHydration(page);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /\/region(\.data)?$/.test(response.url()),
  );
  await page.getByTestId("region-select").selectOption("sg");
  expect((await saved).ok()).toBe(true);
  await page.goto("/training/track/scam-awareness-track");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Singapore Scam Awareness Track",
  );
  await expect(page.getByTestId("module-reporting")).toContainText("1799");
  const exercise = page.getByTestId("spot-the-signals");
  await expect(exercise).toContainText("Message 1 of 3");
  await exercise.getByLabel("Pressure to act right now").check();
  await exercise.getByRole("button", { name: "Check" }).click();
  await expect(exercise.getByRole("status")).toContainText("Not quite");
  await exercise.getByRole("button", { name: "Show solution" }).click();
  await expect(exercise.getByTestId("spot-solution")).toContainText("Being told to keep it secret");
  await exercise.getByRole("button", { name: "Hide solution" }).click();
  await expect(exercise.getByTestId("spot-solution")).toHaveCount(0);
  await exercise.getByRole("button", { name: "Try again" }).click();
  for (const signal of [
    "Pressure to act right now",
    "Being told to keep it secret",
    "Someone claiming to be from a bank, government or police",
  ])
    await exercise.getByLabel(signal).check();
  await exercise.getByRole("button", { name: "Check" }).click();
  await expect(exercise.getByRole("status")).toContainText("You spotted every warning sign");
  await exercise.getByRole("button", { name: "Next message" }).click();
  await expect(exercise).toContainText("Message 2 of 3");
  await exercise.getByRole("button", { name: "Skip" }).click();
  await exercise.getByRole("button", { name: "Skip" }).click();
  await expect(exercise).toContainText("You have worked through every message");
  await expectAccessible(page);
});

test("the certificates page asks a guest to sign in and offers to verify a code", async ({
  page,
}) => {
  const events = await recordAnalytics(page);
  await page.goto("/training");
  await page
    .getByRole("navigation", { name: "Training" })
    .getByRole("link", { name: "Certificates" })
    .click();
  await expect(page).toHaveURL(/\/training\/certificates$/);
  await expect(page.getByTestId("certificates-signed-out")).toContainText(
    "Sign in to see your certificates",
  );
  await expect(page.getByLabel("Certificate verification code")).toHaveAttribute(
    "placeholder",
    "VERIFY-ABC123",
  );
  await expect
    .poll(async () => (await events()).map((event) => event.event))
    .toContain("certificates_viewed");
});

test("a signed-in learner with no pass yet sees No Certificates Yet and Start Training", async ({
  page,
}) => {
  await login(
    page,
    uniqueEmail("newcomer", PILOT_DOMAIN),
    "/login?redirectTo=%2Ftraining%2Fcertificates",
  );
  await expect(page.getByTestId("certificates-empty")).toContainText("No Certificates Yet");
  await page.getByRole("link", { name: "Start Training" }).click();
  await expect(page).toHaveURL(/\/training$/);
});

test("a retake draws other questions, and a reload keeps the ones drawn", async ({ page }) => {
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  const taken: string[] = [];
  for (const [index, bank] of esg.banks.entries()) {
    taken.push((await answerShown(page, bank, true)).id);
    await page.getByRole("link", { name: index < 2 ? "Next" : "Complete Module" }).click();
  }
  await expect(page.getByTestId("module-completed")).toContainText("Score 100%");
  await page.goto(`/training/module/${esg.id}`);
  await waitForHydration(page);
  const retake = await shownQuestion(page, esg.banks[0] ?? []);
  expect(retake.id).not.toBe(taken[0]);
  await page.reload();
  await waitForHydration(page);
  expect((await shownQuestion(page, esg.banks[0] ?? [])).id).toBe(retake.id);
});

test("a market track's teaching cites its sources as notes that lead to each source", async ({
  page,
}) => {
  await page.goto("/training/track/sg-aml-cft-annual");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Singapore: Annual AML/CFT Refresher",
  );
  await expect(page.getByTestId("module-card-targeted-financial-sanctions")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/training/module/targeted-financial-sanctions");
  await waitForHydration(page);
  // No raw tag reaches the reader: each is a numbered note.
  await expect(page.locator("main")).not.toContainText(/\[[A-Z]+\d+\]/);
  const note = page.getByRole("link", { name: "Source 1", exact: true }).first();
  const target = await note.getAttribute("href");
  expect(target).toMatch(/^#[a-z0-9-]+-source-1$/);
  await note.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target ?? "").getByRole("link")).toHaveAttribute(
    "href",
    /^https?:\/\//,
  );
  await expectAccessible(page);
});

test("a table's Sources column shows note numbers, not source ids", async ({ page }) => {
  await page.goto(`/training/module/${cdd.id}`);
  await waitForHydration(page);
  await answerShown(page, cdd.banks[0] ?? [], true);
  await page.getByRole("link", { name: "Next" }).click();
  const table = page.getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Sources" })).toBeVisible();
  await expect(table).not.toContainText(/\b(?:NB|S)\d+\b/);
  const note = table.getByRole("link", { name: /^Source \d+$/ }).first();
  const target = await note.getAttribute("href");
  await expect(page.locator(target ?? "").getByRole("link")).toHaveAttribute(
    "href",
    /^https?:\/\//,
  );
  await expectAccessible(page);
});
