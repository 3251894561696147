import { readFileSync, readdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

// Modules and lease scenarios as their content files hold them, and the item a take shows: a step
// draws one item of its bank per take, so a test reads which one the page shows before answering.

export type Question = {
  id: string;
  prompt: Record<string, string>;
  options: { id: string; text: Record<string, string>; feedback: Record<string, string> }[];
  answer: string;
};

export interface Content {
  id: string;
  title: Record<string, string>;
  points: number;
  /** Per step, its bank (a lease step's bank is its one question). */
  banks: Question[][];
}

/** How many modules and tracks the catalogue holds, as the pages count them. */
export const CATALOGUE = {
  modules: readdirSync("content/training/modules").filter((file) => file.endsWith(".json")).length,
  tracks: (JSON.parse(readFileSync("content/training/tracks.json", "utf8")) as unknown[]).length,
};

/** A module (`modules/<id>`) or lease scenario (`lease-scenarios/<id>`) of the catalogue. */
export function content(path: string): Content {
  const file = JSON.parse(readFileSync(`content/training/${path}.json`, "utf8")) as Omit<
    Content,
    "banks"
  > & { steps: { items?: Question[]; question?: Question }[] };
  return {
    ...file,
    banks: file.steps.map((step) => step.items ?? (step.question ? [step.question] : [])),
  };
}

const textIn = (value: Record<string, string>, language: string) =>
  value[language] ?? value.en ?? "";
/** A text's parts around `{{amount}}`, which the page fills with the region's sum. */
const parts = (text: string) => text.split("{{amount}}").filter((part) => part.trim() !== "");

/**
 * The item of `bank` the page's knowledge check shows: read until exactly one item matches, since
 * the step before may stay on screen for a moment after moving on.
 */
export async function shownQuestion(page: Page, bank: Question[], language = "en") {
  const form = page.locator("form").filter({ has: page.getByTestId("check-answer") });
  let match: Question | undefined;
  await expect(async () => {
    const shown = (await form.first().textContent({ timeout: 1000 })) ?? "";
    const matches = bank.filter((question) =>
      [question.prompt, ...question.options.map((option) => option.text)].every((text) =>
        parts(textIn(text, language)).every((part) => shown.includes(part)),
      ),
    );
    expect(matches, `items of the bank matching: ${shown.slice(0, 200)}`).toHaveLength(1);
    match = matches[0];
  }).toPass({ timeout: 10_000 });
  return match as Question;
}

/** The text of a question's right option, or of a wrong one, as the radio's name matches it. */
export function optionText(question: Question, right: boolean, language = "en"): string {
  const chosen = question.options.find((candidate) => (candidate.id === question.answer) === right);
  if (!chosen) throw new Error("no such option");
  return parts(textIn(chosen.text, language))[0] ?? "";
}

/** Answers the step on screen right or wrong; answers the item it showed. */
export async function answerShown(page: Page, bank: Question[], right: boolean, language = "en") {
  const question = await shownQuestion(page, bank, language);
  // Button names differ by language; the check is the one submit button of the step.
  await page.getByRole("radio", { name: optionText(question, right, language) }).check();
  await page.getByTestId("check-answer").click();
  await expect(page.getByTestId("answer-feedback")).toBeVisible();
  return question;
}

/** Passes a module of the catalogue with every answer right, as a learner would in the player. */
export async function passModule(page: Page, moduleId: string) {
  const module = content(`modules/${moduleId}`);
  await page.goto(`/training/module/${moduleId}`);
  await waitForHydration(page);
  for (const [index, bank] of module.banks.entries()) {
    await answerShown(page, bank, true);
    await expect(page.getByTestId("answer-feedback")).toContainText("Correct");
    const next = index === module.banks.length - 1 ? "Complete Module" : "Next";
    await page.getByRole("link", { name: next }).click();
  }
  await expect(page.getByTestId("module-completed")).toContainText("Score 100%");
}
