import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { pdfText } from "../pdf-text";
import { PILOT_DOMAIN, login } from "./auth";
import { E2E_DATABASE } from "../../playwright.config";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";

// Evidence kits as a learner makes them (issue "Evidence"): a guided AML answer, Save Evidence
// after the attestation, the PDF and CSV downloads, and 'My evidence'.

const PAYNOW = "/kestrel/aml-demo?jurisdiction=sg&scenario=paynow-pep-pass-through";
const run = promisify(execFile);

async function downloadOf(page: Page, name: string): Promise<{ bytes: Buffer; file: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByTestId("evidence-saved").getByRole("link", { name }).click();
  const download = await downloading;
  return { bytes: readFileSync((await download.path()) ?? ""), file: download.suggestedFilename() };
}

async function submitGuided(page: Page) {
  const flow = page.getByTestId("guided-flow");
  for (const chip of ["Third-party payers", "Rapid pass-through", "Unusual velocity"]) {
    await flow.getByRole("button", { name: chip, exact: true }).click();
  }
  await flow
    .getByLabel("Signals in your own words")
    .fill("A shareholder is a PEP's close associate");
  await flow.getByRole("button", { name: "Next" }).click();
  await flow
    .getByLabel(/Why does it matter/)
    .fill("Reasonable grounds to suspect a mule pass-through");
  await flow.getByRole("button", { name: "Next" }).click();
  await flow.getByRole("radio", { name: "Escalate now" }).check();
  await flow
    .getByLabel(/Decision notes/)
    .fill("The customer received PayNow transfers in October.");
  await flow.getByRole("button", { name: "Review & Submit" }).click();
  await flow.getByRole("checkbox").first().check();
  await flow.getByRole("button", { name: "Submit for Feedback" }).click();
  await expect(page.getByTestId("aml-result")).toBeVisible();
}

test("a guided answer saved as evidence downloads as PDF and CSV and is listed as mine", async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail("evidence", PILOT_DOMAIN);
  await login(page, email);
  await page.goto(PAYNOW);
  await waitForHydration(page);
  await submitGuided(page);

  const save = page.getByTestId("save-evidence");
  await expect(save.getByRole("button", { name: "Save Evidence" })).toBeDisabled();
  // A new account has no name yet: the evidence asks for the one it will carry.
  await save.getByLabel("Your full name").fill("Nguyễn Thị Hồng");
  await save.getByLabel("This analysis is my own work").check();
  await save.getByRole("button", { name: "Save Evidence" }).click();
  const saved = page.getByTestId("evidence-saved");
  await expect(saved).toContainText(/Evidence saved: EV-[0-9A-F]{4}(-[0-9A-F]{4}){3}/);
  const evidenceId = ((await saved.textContent()) ?? "").match(/EV-[0-9A-F-]{19}/)?.[0] ?? "";
  await expectAccessible(page);

  const pdf = await downloadOf(page, "Export PDF");
  expect(pdf.file).toMatch(/^evidence_paynow-pep-pass-through_\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(new Uint8Array(pdf.bytes));
  expect(text).toContain(evidenceId);
  // The extracted text has no spaces between words.
  for (const criterion of ["Spots the signals", "This analysis is my own work"]) {
    expect(text).toContain(criterion.replace(/\s+/g, ""));
  }

  const csv = await downloadOf(page, "Export CSV");
  expect(csv.file).toMatch(/\.csv$/);
  const lines = csv.bytes
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe("evidence_id,hash,kind,section,name,value,earned,max_score,weight,passed");
  const actions = lines.filter((line) => line.split(",")[3] === "action");
  expect(actions.length).toBe(6);
  expect(lines.filter((line) => line.split(",")[3] === "criterion")).toHaveLength(4);

  // The files as issued verify by their bytes on the public page, with the signed content beside
  // the status; the PDF with a visible overlay and the CSV with one cell changed do not.
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-kit-"));
  const json = await downloadOf(page, "Download JSON");
  const kitFile = path.join(dir, json.file);
  writeFileSync(kitFile, json.bytes);
  const percent = /"percent": (\d+)/.exec(json.bytes.toString("utf8"))?.[1] ?? "";
  const forged = Number(percent) === 100 ? "99" : "100";
  const changedFile = path.join(dir, "changed.json");
  writeFileSync(
    changedFile,
    json.bytes.toString("utf8").replace(`"percent": ${percent}`, `"percent": ${forged}`),
  );
  const overlaid = await PDFDocument.load(pdf.bytes);
  overlaid.getPage(0).drawText(`Score ${forged} %`, { x: 72, y: 72, size: 18 });
  const files = {
    pdf: path.join(dir, pdf.file),
    csv: path.join(dir, csv.file),
    overlaidPdf: path.join(dir, "overlaid.pdf"),
    changedCsv: path.join(dir, "changed.csv"),
  };
  writeFileSync(files.pdf, pdf.bytes);
  writeFileSync(files.csv, csv.bytes);
  writeFileSync(files.overlaidPdf, await overlaid.save());
  writeFileSync(
    files.changedCsv,
    csv.bytes.toString("utf8").replace(/,grade,score,([^,]*),\d+,/, `,grade,score,$1,${forged},`),
  );
  expect(readFileSync(files.changedCsv, "utf8")).not.toBe(csv.bytes.toString("utf8"));

  await page.goto("/evidence/verify");
  await waitForHydration(page);
  const check = async (file: string) => {
    await page.getByLabel(/Evidence file/).setInputFiles(file);
    await page.getByRole("button", { name: "Check the file" }).click();
  };
  const result = page.getByTestId("evidence-result");
  for (const file of [files.pdf, files.csv]) {
    await check(file);
    await expect(page.getByTestId("evidence-status")).toHaveText("Issued by Kestrel");
    await expect(result.getByTestId("signed-record")).toContainText(evidenceId);
    await expect(result.getByTestId("signed-record")).toContainText(`${percent} %`);
    await expect(result.getByTestId("signed-record")).toContainText("@pilot.example");
    await expect(result.getByTestId("signed-record")).toContainText("Nguyễn Thị Hồng");
    // Time on task per step, from the autosave each step change sends at once.
    await expect(result.getByTestId("signed-record")).toContainText(/Review and submit: \d+ s/);
  }
  await expectAccessible(page);
  for (const file of [files.overlaidPdf, files.changedCsv]) {
    await check(file);
    await expect(page.getByTestId("evidence-status")).toHaveText(
      "Not issued by Kestrel, or altered",
    );
    await expect(result.getByTestId("signed-record")).toHaveCount(0);
  }
  await check(kitFile);
  await expect(page.getByTestId("evidence-status")).toHaveText("Issued by Kestrel");
  // Re-indented, the kit's JSON is no longer the file issued, but its signature still proves it.
  const compactFile = path.join(dir, "compact.json");
  writeFileSync(compactFile, JSON.stringify(JSON.parse(json.bytes.toString("utf8"))));
  await check(compactFile);
  await expect(page.getByTestId("evidence-status")).toHaveText("Verified");
  await expect(result.getByTestId("signed-record")).toContainText(evidenceId);
  await check(changedFile);
  await expect(page.getByTestId("evidence-status")).toHaveText("Tampered");
  await expect(result).toContainText("percent");
  // A bare id says only that the record is genuine; the PDF's QR code link, with its token, shows
  // whoever holds the document the signed content.
  await page.goto(`/evidence/verify?evidenceId=${evidenceId}`);
  await expect(page.getByTestId("evidence-status")).toHaveText("Verified");
  await expect(result.getByTestId("signed-record")).toHaveCount(0);
  const link = /\/evidence\/verify\?evidenceId=[A-Z0-9-]+&token=[\w-]{22}/.exec(text)?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(link);
  await expect(page.getByTestId("evidence-status")).toHaveText("Verified");
  await expect(result.getByTestId("signed-record")).toContainText(`${percent} %`);
  await expectAccessible(page);

  // Offline, with the published keys alone: the kit's JSON by its signature.
  const jwksFile = path.join(dir, "jwks.json");
  writeFileSync(jwksFile, await (await page.request.get("/.well-known/jwks.json")).text());
  const verify = async (file: string) => {
    try {
      const { stdout } = await run(process.execPath, [
        "scripts/verify-evidence.js",
        file,
        "--jwks",
        jwksFile,
      ]);
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };
  expect(await verify(kitFile)).toEqual({
    code: 0,
    output: expect.stringContaining(evidenceId),
  });
  expect((await verify(changedFile)).code).toBe(1);

  await page.goto("/training/evidence");
  const list = page.getByTestId("evidence-list");
  await expect(list).toContainText(evidenceId);
  await expect(list).toContainText("AML evidence (attested)");
  await expectAccessible(page);

  // A privacy request: the learner's personal data is erased. The PDF still verifies by its bytes,
  // the record by its signature, and the page says the name is gone and when.
  const erased = await run(process.execPath, ["scripts/erase-personal-data.js", email], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: E2E_DATABASE, LOG_LEVEL: "silent" },
  });
  expect(erased.stdout).toContain("Personal data in the evidence of");
  await page.goto("/evidence/verify");
  await waitForHydration(page);
  await check(files.pdf);
  await expect(page.getByTestId("evidence-status")).toHaveText("Issued by Kestrel");
  await expect(result.getByTestId("signed-record")).toContainText("Personal data erased on");
  await expect(result.getByTestId("signed-record")).not.toContainText("Nguyễn Thị Hồng");
  await expect(result.getByTestId("signed-record")).toContainText(`${percent} %`);
});

test("a guest is asked to sign in before saving evidence", async ({ page }) => {
  await page.goto(PAYNOW);
  await waitForHydration(page);
  await submitGuided(page);
  await expect(page.getByRole("link", { name: "Sign in to save evidence" })).toHaveAttribute(
    "href",
    /\/login\?redirectTo=/,
  );
  await expect(page.getByTestId("save-evidence")).toHaveCount(0);
});
