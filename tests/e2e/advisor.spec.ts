import type { Page } from "@playwright/test";
import { PILOT_DOMAIN, login } from "./auth";
import {
  expect,
  expectAccessible,
  recordAnalytics,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// The ESG Advisor's chat on the landing page and in the ESG course, against the real server: its
// answers come from the knowledge base through POST /api/advisor (no language model configured).

const chat = (page: Page) => page.getByRole("log", { name: "ESG Advisor chat" });
const bot = (page: Page) => chat(page).getByRole("article", { name: "Advisor" });
const composer = (page: Page) => page.getByRole("textbox", { name: "Your question" });

/** Scrolls to the advisor's panel, as a reader does: the chat loads once it is on screen. */
async function scrollToChat(page: Page) {
  await page.locator('[id^="advisor-chat-"]').scrollIntoViewIfNeeded();
  await expect(chat(page)).toBeVisible();
}

async function openLandingChat(page: Page) {
  await page.goto("/kestrel");
  await waitForHydration(page);
  await scrollToChat(page);
}

async function waitForWelcome(page: Page) {
  await expect(bot(page)).toHaveCount(5, { timeout: 15_000 });
  await expect(page.getByRole("group", { name: "Suggested questions" })).toBeVisible();
}

test("the landing chat welcomes, answers a quick reply from its sources, then asks to sign in", async ({
  page,
}) => {
  const events = await recordAnalytics(page);
  await openLandingChat(page);
  await expect(bot(page).first()).toContainText("Kestrel's ESG Advisor");
  await waitForWelcome(page);
  await expect(bot(page).nth(4)).toContainText("not legal advice");

  // Before access starts, typing is off and the two ways in are offered.
  await expect(composer(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Access Full Advisor" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join the Waitlist" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "MAS 626 red flags" }).click();
  const question = chat(page).getByRole("article", { name: "You" });
  await expect(question).toHaveText(/red flags for suspicious transactions under MAS Notice 626/);
  const answer = bot(page).nth(5);
  await expect(answer.getByText("Sources", { exact: true })).toBeVisible();
  await expect(answer).toContainText("[1]");
  // Each source links to where its facts come from: the STRO's page on the duty to report among them.
  const source = answer.locator('a[href^="https://www.police.gov.sg/"]').first();
  await expect(source).toHaveAccessibleName(/opens in a new tab/);
  await expect(source).toHaveAttribute("target", "_blank");

  // In the demo, the sign-in prompt follows the first quick-reply answer.
  const prompt = bot(page).filter({ hasText: "Sign in to save your conversation" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fkestrel",
  );
  await expectAccessible(page);

  const names = (await events()).map((event) => event.event);
  expect(names).toEqual(
    expect.arrayContaining(["esg_quick_reply_click", "esg_message_sent", "esg_stream_complete"]),
  );
});

test("the landing page's chat shows its welcome from the server, before any script runs", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/kestrel");
  await expect(bot(page)).toHaveCount(5);
  await expect(bot(page).first()).toContainText("Kestrel's ESG Advisor");
  await expect(bot(page).nth(4)).toContainText("not legal advice");
  await context.close();
});

test("once the chat loads, the welcome is already whole: nothing is shown twice", async ({
  page,
}) => {
  await openLandingChat(page);
  // At once, with the suggestions under it, and not replayed.
  await expect(page.getByRole("group", { name: "Suggested questions" })).toBeVisible();
  await expect(bot(page)).toHaveCount(5);
  await expect(bot(page).first()).toContainText("Kestrel's ESG Advisor");
});

test("a typed question outside the sources gets an honest refusal; Enter sends, Shift+Enter breaks the line", async ({
  page,
}) => {
  const events = await recordAnalytics(page);
  await openLandingChat(page);
  await waitForWelcome(page);
  await page.getByRole("button", { name: "Access Full Advisor" }).click();
  await expect(composer(page)).toBeEnabled();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveAttribute(
    "placeholder",
    "Ask about ESG reporting or AI ethics…",
  );

  // An empty question is ignored.
  await composer(page).fill("   ");
  await composer(page).press("Enter");
  await expect(chat(page).getByRole("article", { name: "You" })).toHaveCount(0);

  await composer(page).fill("Give me a recipe for chicken rice");
  await composer(page).press("Shift+Enter");
  await composer(page).pressSequentially("with extra chilli");
  await expect(composer(page)).toHaveValue("Give me a recipe for chicken rice\nwith extra chilli");
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
  const refusal = bot(page).nth(5);
  await expect(refusal).toContainText("I cannot answer that from my sources");
  await expect(refusal).toContainText("The nearest topics I can answer on:");
  await expect(refusal.getByText("Sources", { exact: true })).toHaveCount(0);
  await expect(refusal.getByRole("link")).toHaveCount(0);

  // Too long a question stays in the box with a clear message.
  await composer(page).fill("x".repeat(1001));
  await composer(page).press("Enter");
  await expect(page.getByText("A question can be up to 1,000 characters.")).toBeVisible();
  await expect(composer(page)).toHaveValue("x".repeat(1001));
  await expectAccessible(page);
  expect((await events()).map((event) => event.event)).toContain("esg_demo_started");
});

test("Retry asks again after an answer was cut off, and Copy puts a message on the clipboard", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openLandingChat(page);
  await waitForWelcome(page);
  await page.getByRole("button", { name: "Access Full Advisor" }).click();

  // The first answer stops after its first words.
  let cut = false;
  await page.route("**/api/advisor", async (route) => {
    if (route.request().method() === "POST" && !cut) {
      cut = true;
      await route.fulfill({
        contentType: "application/x-ndjson",
        body: '{"type":"start","id":"cut-answer","questionId":"cut-question"}\n{"type":"text","text":"Scope"}\n',
      });
    } else await route.continue();
  });
  await composer(page).fill("what's scope 3");
  await composer(page).press("Enter");
  const retry = page.getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();
  await expect(
    chat(page).getByText("The advisor could not answer just now. Try again."),
  ).toBeVisible();
  await retry.click();
  const answer = bot(page).nth(5);
  await expect(answer).toContainText("Scope 3");
  await expect(answer.getByText("Sources", { exact: true })).toBeVisible();
  await expect(retry).toHaveCount(0);
  await expect(chat(page).getByRole("article", { name: "You" })).toHaveCount(1);

  await answer.getByRole("button", { name: "Copy this message" }).click();
  await expect(answer.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain("Scope 3");
  expect(copied).toMatch(/\[1\] .+: https:\/\//);
});

test.describe("when the connection drops", () => {
  // The browser reports the request it could not send; that is the failure under test.
  test.use({ expectedConsoleError: /ERR_INTERNET_DISCONNECTED/ });

  test("a typed question stays in the box with the network message, and sends once back online", async ({
    page,
  }) => {
    await openLandingChat(page);
    await waitForWelcome(page);
    await page.getByRole("button", { name: "Access Full Advisor" }).click();
    const question = "What are the red flags under MAS Notice 626?";
    await composer(page).fill(question);
    await page.context().setOffline(true);
    await composer(page).press("Enter");
    await expect(page.getByRole("alert")).toHaveText(
      "Network error. Please check your connection.",
    );
    await expect(composer(page)).toHaveValue(question);
    await expect(chat(page).getByRole("article", { name: "You" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await expectAccessible(page);

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(chat(page).getByRole("article", { name: "You" })).toContainText(question);
    await expect(bot(page).nth(5).getByText("Sources", { exact: true })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(composer(page)).toHaveValue("");
  });
});

test("the waitlist button opens the waitlist", async ({ page }) => {
  await openLandingChat(page);
  await waitForWelcome(page);
  await page.getByRole("button", { name: "Join the Waitlist" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Full name")).toBeFocused();
});

test("a signed-in user's conversation survives a reload, in the course's advisor tab too, until deleted", async ({
  page,
}) => {
  await login(page, uniqueEmail("advisor", PILOT_DOMAIN));
  await openLandingChat(page);
  // Signed in: typing is on at once, with the signed-in placeholder.
  await expect(composer(page)).toBeEnabled();
  await expect(composer(page)).toHaveAttribute("placeholder", "Ask the advisor a question…");
  await expect(page.getByRole("button", { name: "Access Full Advisor" })).toHaveCount(0);
  await composer(page).fill("When should I escalate a KYC concern?");
  await page.getByRole("button", { name: "Send" }).click();
  // The answer is the advisor's message with sources (the welcome has none): read from it by that,
  // not by its place in the log, which a re-render may change while it is read.
  const answered = bot(page).filter({ has: page.getByText("Sources", { exact: true }) });
  await expect(answered).toHaveCount(1);
  const answer = await answered.locator("p").first().textContent();
  expect(answer).not.toBe("");
  // The welcome stands before the question, never between it and its answer.
  const articles = chat(page).getByRole("article");
  await expect(articles).toHaveCount(7);
  await expect(articles.nth(4)).toContainText("not legal advice");
  await expect(articles.nth(5)).toContainText("When should I escalate a KYC concern?");
  await expect(articles.nth(6).getByText("Sources", { exact: true })).toBeVisible();

  await page.reload();
  await scrollToChat(page);
  await expect(chat(page).getByRole("article", { name: "You" })).toHaveText(
    /When should I escalate a KYC concern\?/,
  );
  await expect(bot(page)).toHaveCount(1);
  await expect(bot(page).locator("p").first()).toHaveText(answer ?? "");

  await page.goto("/courses/esg-ai-ethics?tab=advisor");
  await waitForHydration(page);
  await scrollToChat(page);
  await expect(chat(page).getByRole("article", { name: "You" })).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Delete conversation" }).click();
  await expect(chat(page).getByRole("article")).toHaveCount(0);
  await page.reload();
  await scrollToChat(page);
  await waitForWelcome(page);
  await expect(chat(page).getByRole("article", { name: "You" })).toHaveCount(0);
});

test.describe("in Thai", () => {
  test.use({ locale: "th-TH", extraHTTPHeaders: { "Accept-Language": "th-TH" } });

  test("the chat speaks Thai and answers a quick reply from the Thai passage", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    await page.locator("#advisor-chat-landing").scrollIntoViewIfNeeded();
    const thaiChat = page.getByRole("log", { name: "แชทกับที่ปรึกษา ESG" });
    await expect(thaiChat.getByRole("article").first()).toContainText("ยินดีต้อนรับ");
    await page.getByRole("button", { name: "การส่งเรื่อง KYC ขึ้นไปพิจารณา" }).click({
      timeout: 15_000,
    });
    const answer = thaiChat.getByRole("article").nth(6);
    await expect(answer.getByText("แหล่งอ้างอิง", { exact: true })).toBeVisible();
    await expect(answer).toContainText("เมื่อใดควรส่งเรื่องข้อกังวลด้าน KYC หรือ CDD ขึ้นไปพิจารณา");
    await expectAccessible(page);
  });
});
