import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { PILOT_DOMAIN, login } from "./auth";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";

// The ESG and AI ethics course (issue "ESG and AI ethics course") as visitors and learners meet it.

const COURSE = "/courses/esg-ai-ethics";
type Exercise = {
  id: string;
  title: { en: string };
  steps: {
    id: string;
    type: string;
    options: { id: string; text: { en: string } }[];
    answer: string[];
  }[];
};
const exercise = (id: string) =>
  JSON.parse(
    readFileSync(`content/courses/esg-ai-ethics/exercises/${id}.json`, "utf8"),
  ) as Exercise;
const EXERCISES = ["bias-scan", "model-card", "raci-grid"].map(exercise);

type Built = { file: string; preview?: string; title?: string };
const mediaManifest = () =>
  JSON.parse(readFileSync("build/media/manifest.json", "utf8")) as {
    courses: Record<
      string,
      {
        decks: Record<string, { languages: Record<string, Built> }>;
        audio: Record<string, Record<string, Built>>;
      }
    >;
  };

async function openCourse(page: Page, query = "") {
  await page.goto(`${COURSE}${query}`);
  await waitForHydration(page);
}

/** Opens a tab and stays until the server has counted it visited (after 2 s on it). */
async function visit(page: Page, tab: string) {
  const trigger = page.getByRole("tab", { name: new RegExp(`^${tab}`, "i") });
  await trigger.click();
  await expect(trigger.getByRole("img", { name: "Visited" })).toBeVisible({ timeout: 10_000 });
}

async function answer(page: Page, step: Exercise["steps"][number], optionIds: string[]) {
  for (const id of optionIds) {
    const text = step.options.find((option) => option.id === id)?.text.en ?? "";
    await page.getByRole(step.type === "checkbox" ? "checkbox" : "radio", { name: text }).check();
  }
  await page.getByRole("button", { name: "Check" }).click();
}

test("a visitor sees the course header, badges, coverage and banner, moves through the tabs by keyboard and URL, and is asked to sign in to begin", async ({
  page,
}) => {
  await openCourse(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ethical AI & Responsible Tech");
  await expect(page.getByText("0/4 modules completed")).toBeVisible();
  for (const badge of ["Duration 25 min", "Points 160", "Tier Intermediate", "Free Course"]) {
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "ESG Highlights" })).toBeVisible();
  await expect(page.getByTestId("regional-coverage")).toContainText(
    "annual AML/CFT tracks for Singapore (MAS/STRO), Malaysia (BNM), Thailand (AMLO) and Canada (FINTRAC)",
  );
  await expect(page.getByRole("heading", { name: "Sign in to save your progress" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fcourses%2Fesg-ai-ethics",
  );
  await expectAccessible(page);

  // Tabs by keyboard: arrows move and open, the URL follows, a reload keeps the tab.
  await page.getByRole("tab", { name: /^Overview/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: /^Frameworks/ })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=frameworks$/);
  await expect(page.getByRole("heading", { name: "NIST AI RMF 1.0" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/\?tab=governance$/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: /^Governance/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("table", { name: "Who does what (RACI)" }).first()).toBeVisible();
  await expectAccessible(page);

  await openCourse(page, "?tab=no-such-tab");
  await expect(page.getByRole("tab", { name: /^Overview/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await openCourse(page, "?tab=advisor");
  await page.locator("#advisor-chat-course").scrollIntoViewIfNeeded();
  await expect(page.getByRole("log", { name: "ESG Advisor chat" })).toBeVisible();

  // Two tabs were open long enough to count: the course has begun, for this browser.
  const start = page.getByRole("button", { name: /^(Start|Continue) the course$/ });
  await start.click();
  const dialog = page.getByRole("dialog", { name: "Sign In to Begin" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await start.click();
  await page.getByRole("dialog").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcourses%2Fesg-ai-ethics/);
});

test("a signed-out visitor's deck viewer stops at page 3, and the server refuses them the full deck", async ({
  page,
  request,
}) => {
  await openCourse(page);
  const card = page.getByRole("listitem").filter({ hasText: "25 pages" });
  await card.getByRole("button", { name: "Preview" }).click();
  await expect(card.locator("canvas")).toHaveCount(3);
  await card.getByRole("button", { name: "Open viewer" }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByTestId("pdf-page")).toHaveText("Page 1 of 3");
  await expect(viewer.locator("canvas[data-page='1']")).toBeVisible();
  await viewer.getByRole("button", { name: "Next page" }).click();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByTestId("pdf-page")).toHaveText("Page 3 of 3");
  await expect(viewer.getByRole("button", { name: "Next page" })).toBeDisabled();
  await expect(viewer).toContainText(
    "Signed-out visitors can read the first 3 pages. Sign in to read all 25.",
  );
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  const full = mediaManifest().courses["esg-ai-ethics"]?.decks.overall?.languages.en?.file ?? "";
  const refused = await request.get(`/docs/modules/esg-ai-ethics/${full}`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('href="/login?redirectTo=%2Fcourses%2Fesg-ai-ethics"');
});

test.describe("a deck that cannot be loaded", () => {
  test.use({ expectedConsoleError: /status of 500|Unexpected server response|Failed to load/ });

  test("says so in the preview and in the viewer, with a link to open it", async ({ page }) => {
    await page.route("**/docs/modules/esg-ai-ethics/*", (route) =>
      route.fulfill({ status: 500, body: "" }),
    );
    await openCourse(page);
    const card = page.getByRole("listitem").filter({ hasText: "25 pages" });
    await card.getByRole("button", { name: "Preview" }).click();
    await expect(card.getByRole("alert")).toContainText("PDF preview unavailable");
    await expect(card.getByRole("link", { name: "Open PDF in new tab" })).toHaveAttribute(
      "href",
      /^\/docs\/modules\/esg-ai-ethics\/overall-en-[0-9a-f]{12}-preview\.pdf$/,
    );
    await card.getByRole("button", { name: "Open viewer" }).click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByRole("alert")).toContainText("Unable to load PDF");
    await expect(viewer.getByRole("link", { name: "Open PDF in New Tab" })).toBeVisible();
    // Download PDF Instead is offered only to a learner who has completed the course.
    await expect(viewer.getByRole("link", { name: "Download PDF Instead" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("a missing narration", () => {
  test.use({ expectedConsoleError: /404|Audio could not be played/ });

  test("says 'Audio content not available'", async ({ page }) => {
    await page.route("**/audio/modules/esg-ai-ethics/overview-*.mp3", (route) =>
      route.fulfill({ status: 404, body: "" }),
    );
    await openCourse(page);
    await expect(page.getByText("Audio content not available")).toBeVisible();
    await expect(page.getByTestId("transcript-overview")).toContainText("NIST");
  });
});

test("narrations shown after a tab switch are playable, not reported missing", async ({ page }) => {
  await openCourse(page);
  await page.getByRole("tab", { name: /^Frameworks/ }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("button", { name: /^Play: / })).toHaveCount(4);
  // The new players have had time to choose their source; none says it is missing.
  await expect
    .poll(() =>
      panel
        .locator("audio")
        .evaluateAll((all) => all.map((a) => (a as HTMLAudioElement).readyState >= 1)),
    )
    .toEqual([true, true, true, true]);
  await expect(page.getByText("Audio content not available")).toHaveCount(0);
});

test("a Thai visitor gets the Thai decks and narrations, marked as Thai", async ({ page }) => {
  await page.goto("/training");
  await waitForHydration(page);
  await page.getByTestId("lang-select").selectOption("th-TH");
  await expect(page.locator("html")).toHaveAttribute("lang", "th-TH");
  await openCourse(page);
  const course = mediaManifest().courses["esg-ai-ethics"];
  const deck = course?.decks.overall?.languages.th;
  const narration = course?.audio.overview?.th;
  expect(deck?.file).toMatch(/^overall-th-[0-9a-f]{12}\.pdf$/);
  expect(narration?.file).toMatch(/^overview-th-[0-9a-f]{12}\.mp3$/);
  // The overview's player plays the Thai narration; nothing on the page offers the English one.
  await expect(page.locator(`audio[src$="/${narration?.file}"]`)).toHaveCount(1);
  await expect(page.locator('audio[src*="-en-"]')).toHaveCount(0);
  await expect(page.locator(`audio[src$="/${narration?.file}"]`)).toHaveAttribute("lang", /^th/);
  await expect(page.getByText(deck?.title ?? "", { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});

test("a learner completes the course, gets the certificate and downloads the 25-page deck; narration plays, seeks and resumes", async ({
  page,
}) => {
  test.slow();
  await login(page, uniqueEmail("ethics", PILOT_DOMAIN));
  await openCourse(page);
  await expect(page.getByRole("heading", { name: "Sign in to save your progress" })).toHaveCount(0);

  // The overview narration: play, hear it advance, pause, seek by keyboard, find the place again.
  const position = (predicate: (body: string) => boolean = () => true) =>
    page.waitForResponse((response) => {
      const body = response.request().postData() ?? "";
      return body.includes("intent=position") && predicate(body);
    });
  await page
    .getByRole("button", { name: /^Play: / })
    .first()
    .click();
  const time = page.getByTestId("audio-time").first();
  await expect(time).not.toHaveText(/^0:00 \//);
  const paused = position();
  await page
    .getByRole("button", { name: /^Pause: / })
    .first()
    .click();
  await paused;
  const seek = page.getByRole("slider", { name: /^Seek: / }).first();
  const before = await seek.inputValue();
  const stepped = position();
  await seek.focus();
  await page.keyboard.press("ArrowRight");
  await stepped;
  await expect(seek).toHaveValue(String(Number(before) + 1));
  // A burst of seeks: each waits for the save before it rather than aborting it, and the last wins.
  const saved = position((body) => body.includes("seconds=42.0"));
  for (let step = 0; step < 4; step++) await page.keyboard.press("ArrowRight");
  await seek.fill("42");
  await saved;
  await expect(seek).toHaveAttribute("aria-valuetext", /^0:42 of \d+:\d\d$/);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("slider", { name: /^Seek: / }).first()).toHaveValue("42");
  await expect(page.getByTestId("audio-time").first()).toHaveText(/^0:42 \//);
  await expectAccessible(page);

  await visit(page, "overview");
  await visit(page, "frameworks");
  await visit(page, "governance");
  // Opening the exercises is not passing them: the course stays at 3 of 4 until they are.
  const counted = page.waitForResponse((response) =>
    (response.request().postData() ?? "").includes("tab=exercises"),
  );
  await page.getByRole("tab", { name: /^Exercises/ }).click();
  await counted;
  await expect(page.getByText("3/4 modules completed")).toBeVisible();
  await expect(
    page.getByRole("tab", { name: /^Exercises/ }).getByRole("img", { name: "Visited" }),
  ).toHaveCount(0);

  // The first exercise: a wrong check, Retry, the solution shown, then right.
  const [first, ...others] = EXERCISES;
  if (!first) throw new Error("no exercise");
  await page.getByRole("button", { name: `Open exercise: ${first.title.en}` }).click();
  const [stepOne, stepTwo] = first.steps;
  if (!stepOne || !stepTwo) throw new Error("no steps");
  const wrong = stepOne.options.find((option) => !stepOne.answer.includes(option.id))?.id ?? "";
  await answer(page, stepOne, [wrong]);
  await expect(page.getByText("Not quite. Retry, or show the solution.")).toBeVisible();
  await page.getByRole("button", { name: "Retry" }).click();
  await page.getByRole("button", { name: "Show Solution" }).click();
  await expect(page.getByText("Solution", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Hide Solution" }).click();
  await answer(page, stepOne, stepOne.answer);
  await expect(page.getByText("Correct.")).toBeVisible();
  await page.getByRole("button", { name: "Next question" }).click();
  await answer(page, stepTwo, stepTwo.answer);
  await expect(page.getByText("Correct.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Back to the exercises" }).click();
  await expect(page.getByTestId(`status-${first.id}`)).toHaveText("Completed");
  await expect(page.getByTestId(`status-${others[0]?.id ?? ""}`)).toHaveText("Not started");

  for (const item of others) {
    await page.getByRole("button", { name: `Open exercise: ${item.title.en}` }).click();
    for (const [index, step] of item.steps.entries()) {
      await answer(page, step, step.answer);
      await expect(page.getByText("Correct.")).toBeVisible();
      await page
        .getByRole("button", {
          name: index === item.steps.length - 1 ? "Back to the exercises" : "Next question",
        })
        .click();
    }
    await expect(page.getByTestId(`status-${item.id}`)).toHaveText("Completed");
  }
  await expect(page.getByText("4/4 modules completed")).toBeVisible();

  await page.getByRole("tab", { name: /^Results/ }).click();
  await expect(page.getByTestId("course-total")).toHaveText("5 of 6");
  await expect(page.getByRole("status").filter({ hasText: "Course completed on" })).toContainText(
    "160 points earned",
  );
  await expectAccessible(page);

  // The full deck, downloadable now, from the viewer.
  await page.getByRole("tab", { name: /^Overview/ }).click();
  const card = page.getByRole("listitem").filter({ hasText: "25 pages" });
  await card.getByRole("button", { name: "Open viewer" }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByTestId("pdf-page")).toHaveText("Page 1 of 25");
  await page.keyboard.press("End");
  await expect(viewer.getByTestId("pdf-page")).toHaveText("Page 25 of 25");
  const downloading = page.waitForEvent("download");
  await viewer.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  const deck = await PDFDocument.load(readFileSync((await download.path()) ?? ""));
  expect(deck.getPageCount()).toBe(25);
  await page.keyboard.press("Escape");

  // The certificate, once the name to print is given.
  await page.getByRole("tab", { name: /^Results/ }).click();
  await page.getByRole("link", { name: "View Certificates" }).click();
  await page.getByLabel("Name to print").fill("Ana Lim");
  await page.getByRole("button", { name: "Save name" }).click();
  const certificate = page
    .getByTestId("certificate")
    .filter({ hasText: "Ethical AI & Responsible Tech" });
  await expect(certificate.getByTestId("certificate-status")).toHaveText("VERIFIED");
});
