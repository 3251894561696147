import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

type Question = { options: { id: string; text: { en: string } }[]; answer: string };

/** Passes a module of the catalogue with every answer right, as a learner would in the player. */
export async function passModule(page: Page, moduleId: string) {
  const module = JSON.parse(readFileSync(`content/training/modules/${moduleId}.json`, "utf8")) as {
    steps: { question: Question }[];
  };
  await page.goto(`/training/module/${moduleId}`);
  await waitForHydration(page);
  for (const [index, { question }] of module.steps.entries()) {
    const right = question.options.find((option) => option.id === question.answer);
    await page.getByRole("radio", { name: right?.text.en ?? "" }).check();
    await page.getByTestId("check-answer").click();
    await expect(page.getByTestId("answer-feedback")).toContainText("Correct");
    const next = index === module.steps.length - 1 ? "Complete Module" : "Next";
    await page.getByRole("link", { name: next }).click();
  }
  await expect(page.getByTestId("module-completed")).toContainText("Score 100%");
}
