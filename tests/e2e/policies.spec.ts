import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { signInAdmin } from "./auth";
import { admitOrganisation, makeManager, showOrganisation, signInEach } from "./organisations";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Policy attestation as the people of an organisation meet it (decision 051): a manager publishes
// a policy, a member reads and attests it; version 2, published as a PDF, asks the member again,
// and the register shows both attestations, each flagged when it came sooner than the reading
// time.

/** Sends the publishing form and waits for its answer. */
async function published(form: Locator): Promise<void> {
  await form.getByRole("button", { name: "Publish" }).click();
  await expect(form.getByText("Published. Everyone it concerns is asked to attest.")).toBeVisible();
}

/** The member ticks the statement of the version on their page and attests. */
async function attest(member: Page, version: string): Promise<void> {
  await waitForHydration(member);
  const statement = `I have read and understood Gifts and Hospitality, version ${version}.`;
  await member.getByRole("checkbox", { name: statement }).check();
  await member.getByRole("button", { name: "Attest" }).click();
  // At once: sooner than the text takes to read, so it is marked for the manager.
  await expect(
    member.getByText(`Your attestation of version ${version} is recorded.`, { exact: false }),
  ).toBeVisible();
  await expect(member.getByTestId("my-attestations")).toContainText(`Version ${version}, attested`);
}

test("a policy's version 2 asks for a new attestation, and the register shows both", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const stamp = `${testInfo.retry}-${Date.now()}`;
  const domain = `quay-${stamp}.example`;
  const organisation = `Quay Credit ${stamp}`;
  const managerEmail = `manager@${domain}`;
  const memberEmail = `member@${domain}`;

  await signInAdmin(page, `publisher${testInfo.retry}@kestrel.test`, "/admin/allowlist");
  await admitOrganisation(page, domain, organisation);

  const [manager, member] = await signInEach(
    browser,
    [managerEmail, memberEmail],
    "/training/policies",
  );
  if (!manager || !member) throw new Error("no page");
  for (const person of [manager, member]) {
    await expect(person.getByText("No policy asks for your attestation.")).toBeVisible();
  }
  // A member is not offered the publishing form.
  await expect(member.getByRole("heading", { name: "Publish a policy" })).toHaveCount(0);

  await showOrganisation(page, organisation);
  await makeManager(page, managerEmail);

  // Version 1.0, for everyone.
  await manager.reload();
  await waitForHydration(manager);
  const publish = manager.locator("form#publish");
  await publish.getByLabel("Name").fill("Gifts and Hospitality");
  await publish.getByLabel("Version").fill("1.0");
  await publish.getByLabel("Effective date").fill("2026-12-01");
  await publish.getByLabel("Summary").fill("What staff may accept from customers and suppliers.");
  await publish
    .getByLabel("Text", { exact: true })
    .fill(
      "## Gifts\n\nDecline any gift worth more than **SGD 100** and tell compliance the same day.",
    );
  await published(publish);
  await expectAccessible(manager);

  await member.reload();
  await member.getByRole("link", { name: "Gifts and Hospitality (version 1.0)" }).click();
  await expect(
    member.getByRole("heading", { name: "Gifts and Hospitality", level: 1 }),
  ).toBeVisible();
  await expect(
    member.getByTestId("policy-text").getByRole("heading", { name: "Gifts" }),
  ).toBeVisible();
  await attest(member, "1.0");
  await expect(member.getByRole("button", { name: "Attest" })).toHaveCount(0);

  // Version 2.0 of the same policy, published as a PDF, asks again.
  const pdf = await PDFDocument.create();
  for (const line of ["Gifts and Hospitality 2.0", "Decline any gift worth more than SGD 50."]) {
    pdf.addPage().drawText(line);
  }
  await manager.reload();
  await waitForHydration(manager);
  await publish
    .getByLabel("Policy", { exact: true })
    .selectOption({ label: "New version of Gifts and Hospitality (now 1.0)" });
  await publish.getByLabel("Version").fill("2.0");
  await publish.getByLabel("Effective date").fill("2027-01-01");
  await publish.getByLabel("Text", { exact: true }).fill("The gift limit falls to **SGD 50**.");
  await publish.getByLabel("Document (PDF)").setInputFiles({
    name: "gifts-2.0.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await pdf.save()),
  });
  await published(publish);

  await member.goto("/training/policies");
  const mine = member.getByTestId("my-policies");
  await expect(mine).toContainText("Gifts and Hospitality (version 2.0)");
  await expect(mine).toContainText("Due ");
  await mine.getByRole("link", { name: "Gifts and Hospitality (version 2.0)" }).click();
  await expect(member.getByTestId("policy-text")).toContainText("SGD 50");
  const document = member.getByRole("link", { name: "Open the policy document: gifts-2.0.pdf" });
  await expect(member.getByText("PDF, 2 pages")).toBeVisible();
  const served = await member.request.get((await document.getAttribute("href")) ?? "");
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await attest(member, "2.0");
  await expect(member.getByTestId("my-attestations")).toContainText("Version 1.0, attested");
  await expectAccessible(member);

  // The register: both versions, the member's, each flagged as too fast, each with its record.
  await manager.reload();
  const register = manager.getByTestId("attestation-register");
  const rows = register.getByRole("row").filter({ hasText: memberEmail });
  await expect(rows).toHaveCount(2);
  for (const version of ["1.0", "2.0"]) {
    const row = rows.filter({ has: manager.getByRole("cell", { name: version, exact: true }) });
    await expect(row).toContainText("Gifts and Hospitality");
    await expect(row).toContainText("Faster than the reading time");
    await expect(
      row.getByRole("link", { name: `Signed record of ${memberEmail} for version ${version}` }),
    ).toBeVisible();
  }
  await expectAccessible(manager);
  await Promise.all([manager, member].map((person) => person.context().close()));
});
