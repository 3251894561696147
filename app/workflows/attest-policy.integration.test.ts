import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getI18n, loadDictionaries } from "~/platform/i18n";
import { findEvidence } from "~/domain/evidence/index.server";
import { trainingRegister } from "~/domain/reports/tables.server";
import { action as policiesAction, loader as policiesLoader } from "~/routes/training.policies";
import { action as policyAction, loader as policyLoader } from "~/routes/training.policy";
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
});
