import { createHash, randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getI18n, loadDictionaries } from "~/platform/i18n";
import { findEvidence } from "~/domain/evidence/index.server";
import { trainingRegister } from "~/domain/reports/tables.server";
import { action as policiesAction, loader as policiesLoader } from "~/routes/training.policies";
import { action as policyAction, loader as policyLoader } from "~/routes/training.policy";
import { loader as documentLoader } from "~/routes/training.policy-document";
import { signInForTest } from "../../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  contextFor,
  pageRequest,
} from "../../tests/integration/call-action";
import { placeMember } from "../../tests/integration/members";
import { complianceSnapshot, findOrganisation, rosterRows } from "~/domain/compliance/index.server";
import { addDays, localDate } from "~/domain/compliance/rules";
import type { PoliciesPage } from "~/domain/compliance/index.server";

// Policy attestation (decision 051) through the pages' loaders and actions on a real database
// (both engines): publishing, reading, attesting with the time on page, a new version asking
// again, the evidence record, the roster and the training register; and the hostile posts.

const DAY = 86_400_000;
let counter = 0;
const freshIp = () => `203.0.113.${(counter += 1) % 250}`;

async function person(label: string, organisation: string, role: "learner" | "manager") {
  const { cookie, email } = await signInForTest(label);
  const { organisationId, userId } = await placeMember(email, organisation, role);
  // Joined long ago: a policy published today is still due days from today.
  await getDb()
    .updateTable("organisation_member")
    .set({ joined_at: new Date(Date.now() - 400 * DAY).toISOString() })
    .where("user_id", "=", userId)
    .execute();
  return { cookie, email, id: userId, organisationId };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function publish(cookie: string, fields: Record<string, string>): Promise<RouteAnswer> {
  return callAction(
    policiesAction,
    pageRequest("/training/policies", { cookie, body: form(fields) }),
    freshIp(),
  );
}

async function page(cookie: string): Promise<PoliciesPage> {
  const answer = await answerOf(() =>
    policiesLoader({
      request: pageRequest("/training/policies", { cookie }),
      context: contextFor(freshIp()),
      params: {},
    } as never),
  );
  expect(answer.status).toBe(200);
  return answer.data as PoliciesPage;
}

async function open(cookie: string, id: string) {
  return answerOf(() =>
    policyLoader({
      request: pageRequest(`/training/policies/${id}`, { cookie }),
      context: contextFor(freshIp()),
      params: { id },
    } as never),
  );
}

function attestPost(cookie: string, id: string, fields: Record<string, string>) {
  return callAction(
    policyAction,
    pageRequest(`/training/policies/${id}`, { cookie, body: form(fields) }),
    freshIp(),
    { id },
  );
}

const POLICY = {
  name: "Code of conduct",
  version: "1",
  body: "# Conduct\n\nWe act honestly. <script>alert(1)</script> [x](javascript:alert(1))",
  effectiveDate: "2026-12-01",
  dueDays: "30",
};

describe("a policy and its versions", () => {
  it("asks for a new attestation at version 2, and the register shows both", async () => {
    const organisation = `Policies ${randomUUID()}`;
    const manager = await person("policy-manager", organisation, "manager");
    const learner = await person("policy-reader", organisation, "learner");

    const published = await publish(manager.cookie, POLICY);
    expect(published.status).toBe(200);
    const [summary] = (await page(manager.cookie)).manage?.policies ?? [];
    expect(summary?.version).toBe("1");
    const id = String(summary?.id);

    // Due 30 days after publication: nobody is overdue on day one.
    const org = await findOrganisation(learner.organisationId);
    if (!org) throw new Error("no organisation");
    const today = localDate(new Date(), org.timeZone);
    const mine = (await page(learner.cookie)).mine;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      status: "pending",
      version: "1",
      dueDate: addDays(today, 30),
    });

    // The text is shown without its script or its javascript: link.
    const reading = await open(learner.cookie, id);
    expect(reading.status).toBe(200);
    const { policy } = reading.data as { policy: { html: string; versionId: number } };
    expect(policy.html).toContain("<h1>Conduct</h1>");
    expect(policy.html).not.toContain("<script");
    expect(policy.html).not.toContain("javascript:");

    // Hostile and careless posts: refused, nothing recorded.
    expect(
      (await attestPost(learner.cookie, id, { versionId: String(policy.versionId) })).status,
    ).toBe(400);
    expect(
      (await attestPost(learner.cookie, id, { versionId: "abc", understood: "on" })).status,
    ).toBe(400);
    expect(
      (await attestPost(learner.cookie, id, { versionId: "999999999", understood: "on" })).status,
    ).toBe(409);
    expect(
      (await attestPost(learner.cookie, "1e309", { versionId: "1", understood: "on" })).status,
    ).toBe(404);

    // Posted twice at the same moment (a double click, two tabs): both answered, one stored.
    const [first, again] = await Promise.all(
      [1, 2].map(() =>
        attestPost(learner.cookie, id, { versionId: String(policy.versionId), understood: "on" }),
      ),
    );
    expect([first?.status, again?.status]).toEqual([200, 200]);
    // Attested within a second of opening: recorded, and flagged as faster than the reading time.
    expect(first?.data).toMatchObject({ ok: true, tooFast: true });
    const stored = await getDb()
      .selectFrom("policy_attestation")
      .select("id")
      .where("version_id", "=", policy.versionId)
      .where("user_id", "=", learner.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect((await page(learner.cookie)).mine[0]).toMatchObject({ status: "completed" });

    // Version 2: asked again, due 30 days on; version 1's label cannot be reused.
    expect((await publish(manager.cookie, { ...POLICY, policyId: id, name: "" })).status).toBe(400);
    const second = await publish(manager.cookie, {
      ...POLICY,
      policyId: id,
      name: "",
      version: "2",
      body: "# Conduct\n\nWe act honestly, and report what we see.",
    });
    expect(second.status).toBe(200);
    expect((await page(learner.cookie)).mine[0]).toMatchObject({ status: "pending", version: "2" });
    // The old version's page is out of date.
    expect(
      (
        await attestPost(learner.cookie, id, {
          versionId: String(policy.versionId),
          understood: "on",
        })
      ).status,
    ).toBe(409);
    const v2 = (await open(learner.cookie, id)).data as { policy: { versionId: number } };
    expect(
      (
        await attestPost(learner.cookie, id, {
          versionId: String(v2.policy.versionId),
          understood: "on",
        })
      ).status,
    ).toBe(200);
    expect((await page(learner.cookie)).mine[0]).toMatchObject({
      status: "completed",
      version: "2",
    });

    // The manager's register, the roster and the training register show both versions.
    const register = (await page(manager.cookie)).manage?.register ?? [];
    expect(register.map((row) => row.version)).toEqual(["2", "1"]);
    expect(register.every((row) => row.learner === learner.email)).toBe(true);
    const snapshot = await complianceSnapshot(org);
    expect(snapshot.attestations.map((row) => row.version)).toEqual(["1", "2"]);
    const rows = (await rosterRows(org)).filter((row) => row.userId === learner.id);
    const policyRow = rows.find((row) => row.requirement === "Code of conduct (2)");
    expect(policyRow?.status).toBe("completed");
    expect(policyRow?.evidenceHref).toMatch(/^\/evidence\/verify/);

    await loadDictionaries("en-US");
    const document = trainingRegister(
      snapshot,
      getI18n("en-US").getFixedT(null, "reports"),
      new Date(),
      (moduleId) => moduleId,
    );
    const table = document.tables.find((candidate) => candidate.heading === "Policy attestations");
    expect(table?.rows.map((row) => row[3])).toEqual(["1", "2"]);

    // Each attestation is a signed record of the chain, with the time on page.
    for (const row of snapshot.attestations) {
      const record = await findEvidence(row.evidenceId);
      expect(record?.kind).toBe("policy-attestation");
      expect(record?.envelope.payload.content).toMatchObject({
        policy: { version: row.version },
        timeOnTask: { seconds: row.seconds, tooFast: true },
      });
    }
  });

  it("lets only a manager publish, refuses bad values, and hides another organisation's policy", async () => {
    const organisation = `Guarded policies ${randomUUID()}`;
    const manager = await person("policy-guard", organisation, "manager");
    const learner = await person("policy-curious", organisation, "learner");
    const stranger = await person("policy-stranger", `Rival ${randomUUID()}`, "learner");

    expect((await publish(learner.cookie, POLICY)).status).toBe(403);
    for (const fields of [
      { ...POLICY, name: "" },
      { ...POLICY, version: "" },
      { ...POLICY, body: "x".repeat(20_001) },
      { ...POLICY, effectiveDate: "2026-02-30" },
      { ...POLICY, dueDays: "-1" },
      { ...POLICY, policyId: "999999" },
      { ...POLICY, groupIds: "424242" },
    ]) {
      const answer = await publish(manager.cookie, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect((await page(manager.cookie)).manage?.policies).toEqual([]);

    await publish(manager.cookie, POLICY);
    const id = String((await page(manager.cookie)).manage?.policies[0]?.id);
    expect((await open(stranger.cookie, id)).status).toBe(404);
    expect((await open(learner.cookie, "x".repeat(600))).status).toBe(404);
    // Not opened first: the time on page has no start, so nothing is recorded.
    const versionId = String(
      (
        await getDb()
          .selectFrom("policy_version")
          .select("id")
          .where("requirement_id", "=", Number(id))
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await attestPost(learner.cookie, id, { versionId, understood: "on" })).status).toBe(
      409,
    );
  });

  it("publishes a version as a PDF: shown to members only, timed by its pages, signed by its digest", async () => {
    const organisation = `PDF policies ${randomUUID()}`;
    const manager = await person("pdf-manager", organisation, "manager");
    const learner = await person("pdf-reader", organisation, "learner");
    const stranger = await person("pdf-stranger", `Rival ${randomUUID()}`, "learner");

    const pdf = await PDFDocument.create();
    for (let page = 0; page < 3; page += 1)
      pdf.addPage().drawText(`Gifts policy, page ${page + 1}`);
    const bytes = await pdf.save({ useObjectStreams: false });
    const upload = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (file) {
        body.append(
          "document",
          new File([Buffer.from(file.bytes)], file.name, { type: "application/pdf" }),
        );
      }
      return callAction(
        policiesAction,
        pageRequest("/training/policies", { cookie: manager.cookie, body }),
        freshIp(),
      );
    };
    const fields = { ...POLICY, name: "Gifts and hospitality", body: "" };

    // Neither text nor a document; a text file named .pdf; a PDF cut short; an encrypted PDF;
    // a PDF over 10 MB: each refused on its field, nothing stored.
    const encrypted = new TextEncoder().encode(
      new TextDecoder("latin1").decode(bytes).replace("trailer\n<<", "trailer\n<<\n/Encrypt 1 0 R"),
    );
    const oversized = new Uint8Array(10 * 1024 * 1024 + 1);
    oversized.set(bytes);
    for (const [file, message] of [
      [undefined, "policies:errors.textOrDocument"],
      [
        { bytes: new TextEncoder().encode("just some text"), name: "policy.pdf" },
        "policies:errors.notPdf",
      ],
      [{ bytes: bytes.subarray(0, 400), name: "cut.pdf" }, "policies:errors.notPdf"],
      [{ bytes: encrypted, name: "locked.pdf" }, "policies:errors.notPdf"],
      [{ bytes: oversized, name: "huge.pdf" }, "policies:errors.documentTooLarge"],
    ] as const) {
      const answer = await upload(fields, file);
      expect(answer.status, file?.name ?? "no file").toBe(400);
      expect(JSON.stringify(answer.data)).toContain(message);
    }
    expect((await page(manager.cookie)).manage?.policies).toEqual([]);

    // A PDF with folders and a quote in its name: stored under its own name, cleaned.
    expect((await upload(fields, { bytes, name: 'C:\\policies\\Gifts "2026".pdf' })).status).toBe(
      200,
    );
    const id = String((await page(manager.cookie)).manage?.policies[0]?.id);
    const reading = await open(learner.cookie, id);
    const { policy } = reading.data as {
      policy: {
        html: string;
        versionId: number;
        readingMinutes: number;
        document: { name: string; pages: number; href: string } | null;
      };
    };
    expect(policy.html).toBe("");
    // Three pages at two minutes each.
    expect(policy.readingMinutes).toBe(6);
    expect(policy.document).toEqual({
      name: "Gifts 2026.pdf",
      pages: 3,
      href: `/training/policies/${id}/document`,
    });

    const download = (cookie: string, policyId = id) =>
      answerOf(() =>
        documentLoader({
          request: pageRequest(`/training/policies/${policyId}/document`, { cookie }),
          context: contextFor(freshIp()),
          params: { id: policyId },
        } as never),
      );
    const served = await download(learner.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("Content-Disposition")).toContain("inline;");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    // Another organisation's member, and a policy that is text only: not found.
    expect((await download(stranger.cookie)).status).toBe(404);
    await publish(manager.cookie, { ...POLICY, name: "Text only" });
    const textOnly = (await page(manager.cookie)).manage?.policies.find(
      (candidate) => candidate.name === "Text only",
    );
    expect((await download(learner.cookie, String(textOnly?.id))).status).toBe(404);

    // The attestation signs the very bytes shown.
    const attested = await attestPost(learner.cookie, id, {
      versionId: String(policy.versionId),
      understood: "on",
    });
    expect(attested.status).toBe(200);
    const [row] = await getDb()
      .selectFrom("policy_attestation")
      .select(["evidence_id", "floor_seconds"])
      .where("version_id", "=", policy.versionId)
      .execute();
    expect(row?.floor_seconds).toBeGreaterThan(0);
    const record = await findEvidence(row?.evidence_id ?? "");
    expect(record?.envelope.payload.content).toMatchObject({
      policy: {
        document: {
          name: "Gifts 2026.pdf",
          pages: 3,
          sha256: createHash("sha256").update(bytes).digest("hex"),
        },
      },
    });
  });
});
