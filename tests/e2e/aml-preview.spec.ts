import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CHIP_LABELS } from "../../app/domain/aml/grading";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The AML live training preview as a learner meets it (issue "AML course"): the answer key stays
// on the server until a submission, guided answers are graded by the rubric, drafts survive a
// reload, Canada shows the Fraud Defense Index, free-form grading and drafting, and the player.

const PACKS = path.resolve(import.meta.dirname, "../../content/compliance-packs");
const read = (file: string) => JSON.parse(readFileSync(path.join(PACKS, file), "utf8"));

interface KeySignal {
  label: string;
  chip?: string;
  terms: string[];
}
const paynow = read("sg/scenarios/paynow-pep-pass-through.json") as {
  redFlags: string[];
  branches: {
    id: string;
    from: string;
    condition: string;
    consequence: string;
    nextScenario: string;
  }[];
  answerKey: { keySignals: KeySignal[]; rationale: string };
};
const PAYNOW = "/kestrel/aml-demo?jurisdiction=sg&scenario=paynow-pep-pass-through";

/** Works the guided flow as a learner would; `skipChips` leaves three of the signal chips out. */
async function answerGuided(page: Page, { skipChips = false } = {}) {
  const flow = page.getByTestId("guided-flow");
  const chips = paynow.answerKey.keySignals.flatMap((signal) => (signal.chip ? [signal.chip] : []));
  for (const chip of skipChips ? chips.slice(3) : chips) {
    await flow
      .getByRole("button", { name: CHIP_LABELS[chip as keyof typeof CHIP_LABELS], exact: true })
      .click();
  }
  await flow
    .getByLabel("Signals in your own words")
    .fill("Part of the money went to Grace Lim, a shareholder who is a close associate of a PEP.");
  await flow.getByRole("button", { name: "Next" }).click();
  await flow
    .getByLabel(/Why does it matter/)
    .fill(
      "Ninety-seven individuals paying a young consultancy and money leaving within hours give " +
        "reasonable grounds to suspect a mule pass-through of scam proceeds. The shareholder is a close " +
        "associate of a foreign PEP, so enhanced due diligence with the source of funds is needed.",
    );
  await expect(flow.getByRole("button", { name: "Next" })).toBeEnabled();
  await flow.getByRole("button", { name: "Next" }).click();
  await expect(flow.getByRole("button", { name: "Review & Submit" })).toBeDisabled();
  await flow.getByRole("radio", { name: "Escalate now" }).check();
  await flow
    .getByLabel(/Decision notes/)
    .fill(
      "Lumen Harbour received 146 PayNow transfers from 97 individuals between 3 and 21 November " +
        "and sent them on by FAST within hours; escalate to the compliance officer for an STR to STRO.",
    );
  await flow.getByRole("button", { name: "Review & Submit" }).click();
  await flow.getByRole("checkbox").first().check();
  const result = page.getByTestId("aml-result");
  const before = (await result.count()) > 0 ? await result.getAttribute("data-graded-at") : null;
  await flow.getByRole("button", { name: "Submit for Feedback" }).click();
  await expect(result).toBeVisible();
  if (before) await expect(result).not.toHaveAttribute("data-graded-at", before);
  return Number((await result.getByTestId("aml-score").textContent())?.replace("%", ""));
}

test("the answer key stays off the page; a guided answer that misses a signal scores lower and names it", async ({
  page,
}) => {
  test.slow();
  await page.goto(PAYNOW);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AML — Live Training Preview");
  await expect(page.getByTestId("pack-details")).toContainText("MAS / STRO");
  const html = await page.content();
  for (const secret of [paynow.answerKey.rationale, ...paynow.redFlags]) {
    expect(html).not.toContain(secret);
  }
  await expect(page.getByTestId("fdi-card")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await expectAccessible(page);

  const complete = await answerGuided(page);
  const result = page.getByTestId("aml-result");
  await expect(result).toContainText(paynow.answerKey.rationale);
  await expect(result.locator('[data-criterion="signals"]')).toContainText("(met)");
  await expectAccessible(page);

  const partial = await answerGuided(page, { skipChips: true });
  expect(partial).toBeLessThan(complete);
  const signals = result.locator('[data-criterion="signals"]');
  await expect(signals).toContainText("(missed)");
  await expect(signals).toContainText(`Missed: ${paynow.answerKey.keySignals[0]?.label}`);
  await expect(signals).toContainText("You named 3 of the 6 key signals");
  await expect(signals).toContainText("How to meet it:");
});

test("a reload restores the draft the page saved on the server", async ({ page }) => {
  await page.goto(PAYNOW);
  await waitForHydration(page);
  const flow = page.getByTestId("guided-flow");
  await flow.getByRole("button", { name: "Rapid pass-through", exact: true }).click();
  await flow.getByLabel("Signals in your own words").fill("Money leaves within minutes");
  await expect(flow.getByText("Draft saved")).toBeVisible();
  await expect(flow.getByText("Draft saved")).toBeHidden({ timeout: 10_000 });
  await page.reload();
  await waitForHydration(page);
  await expect(
    flow.getByRole("button", { name: "Rapid pass-through", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(flow.getByLabel("Signals in your own words")).toHaveValue(
    "Money leaves within minutes",
  );
});

test("Canada shows the Fraud Defense Index; free-form Grade and Draft", async ({ page }) => {
  await page.goto("/kestrel/aml-demo");
  await waitForHydration(page);
  await page.getByLabel("Jurisdiction").selectOption("ca");
  await expect(page).toHaveURL(/jurisdiction=ca/);
  const fdi = page.getByTestId("fdi-card");
  await expect(fdi).toContainText("Sample");
  await expect(fdi.getByTestId("fdi-value")).toHaveText("88");
  await expect(fdi).toContainText("Good");
  await expect(page.getByTestId("pack-details")).toContainText("FINTRAC");
  await expectAccessible(page);

  await page.getByLabel("Guided flow").uncheck();
  const freeForm = page.getByTestId("free-form");
  await expect(freeForm.getByRole("button", { name: "Grade" })).toBeDisabled();
  await expect(freeForm.getByRole("button", { name: "Save Evidence" })).toBeDisabled();
  const analysis =
    "The customer's applications reuse one address and phone; escalate to the compliance officer and file an STR with FINTRAC as soon as practicable.";
  await freeForm.getByLabel(/Your analysis/).fill(analysis);
  await freeForm.getByRole("button", { name: "Draft" }).click();
  await expect(page.getByTestId("report-draft")).toContainText(analysis);
  // The decision of record is chosen, not read from the text: Grade waits for it.
  await expect(freeForm.getByRole("button", { name: "Grade" })).toBeDisabled();
  await freeForm.getByRole("radio", { name: "Escalate now" }).check();
  await freeForm.getByRole("button", { name: "Grade" }).click();
  await expect(page.getByTestId("aml-result")).toBeVisible();
  await expect(fdi).not.toContainText("Sample");
  const canadaCases = readdirSync(path.join(PACKS, "ca/scenarios")).length;
  await expect(fdi).toContainText(`1 of ${canadaCases}`);
  await expectAccessible(page);
});

test("a thin answer of the learner's own about the case is held at Needs improvement, and told so", async ({
  page,
}) => {
  await page.goto("/kestrel/aml-demo?jurisdiction=ca&scenario=synthetic-lease-ring");
  await waitForHydration(page);
  await page.getByLabel("Guided flow").uncheck();
  const freeForm = page.getByTestId("free-form");
  await freeForm
    .getByLabel(/Your analysis/)
    .fill(
      "The customer's applications reuse one address and phone; escalate to the compliance officer and file an STR with FINTRAC as soon as practicable.",
    );
  await freeForm.getByRole("radio", { name: "Escalate now" }).check();
  await freeForm.getByRole("button", { name: "Grade" }).click();
  const result = page.getByTestId("aml-result");
  await expect(result.getByTestId("aml-score")).toHaveText("40%");
  await expect(result.getByTestId("aml-floor")).toContainText(
    "graded no lower than Needs improvement (40%)",
  );
  await expectAccessible(page);
});

test("the scenario player: a choice with a finding, then Complete & Grade", async ({ page }) => {
  await page.goto(PAYNOW);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Play the scenario" }).click();
  const player = page.getByTestId("scenario-player");
  await expect(player.getByRole("heading", { name: "Objectives" })).toBeVisible();
  await expect(player.getByRole("timer")).toBeVisible();
  const escalate = paynow.branches.find((branch) => branch.id === "escalate-now");
  const short = paynow.branches.find((branch) => branch.id === "short-filing");
  if (!escalate || !short) throw new Error("the PayNow case lost its branches");
  await player.getByRole("button", { name: escalate.condition }).click();
  await expect(player.getByTestId("player-consequence")).toHaveText(escalate.consequence);
  // By keyboard: the choice is a button in the dialog's tab order.
  const choice = player.getByRole("button", { name: short.condition });
  await choice.focus();
  await page.keyboard.press("Enter");
  await expect(player.getByRole("heading", { name: "Scenario complete" })).toBeVisible();
  await expect(player.getByTestId("player-findings")).toHaveText("1");
  await player.getByRole("button", { name: "View Detailed Report" }).click();
  await expect(player.getByTestId("player-report")).toContainText(short.consequence);
  await expectAccessible(page);
  await player.getByRole("button", { name: "Complete & Grade" }).click();
  await expect(player).toBeHidden();
  const result = page.getByTestId("aml-result");
  await expect(result).toContainText("1 finding");
  // (85 − 5) × 0.5 for the incomplete filing in Singapore.
  await expect(result.getByTestId("aml-score")).toHaveText("40%");
});

test("a state-changing post from another site is refused", async ({ request, baseURL }) => {
  const response = await request.post(`${baseURL}/kestrel/aml-demo`, {
    headers: { Origin: "https://attacker.example" },
    form: { intent: "save-draft", jurisdiction: "sg", scenario: "paynow-pep-pass-through" },
  });
  expect(response.status()).toBe(403);
});
