import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { ensureOrganisation } from "~/domain/compliance/index.server";
import { appendEvidence } from "~/domain/evidence/chain.server";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, pageRequest } from "../../../tests/integration/call-action";
import { loader as registerPageLoader } from "~/routes/admin.evidence";
import { loader as adminPackageLoader } from "~/routes/admin.evidence-package";
import { loader as registerCsvLoader } from "~/routes/admin.evidence-register";
import { loader as managerPackageLoader } from "~/routes/training.evidence-package";

// The evidence register and audit packages as staff meet them: admins with a proven second factor
// search every chain and download any organisation's package; a manager downloads their own
// organisation's package only; a learner gets none.

const call = (loader: (args: never) => unknown, path: string, cookie: string) =>
  answerOf(() => loader({ request: pageRequest(path, { cookie }), params: {} } as never));

/** Puts a signed-in user in an organisation with a role, as an admin would. */
async function placeMember(email: string, organisationId: number, role: "learner" | "manager") {
  const db = getDb();
  const { id } = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await db.deleteFrom("organisation_member").where("user_id", "=", id).execute();
  await db
    .insertInto("organisation_member")
    .values({
      user_id: id,
      organisation_id: organisationId,
      role,
      joined_at: new Date().toISOString(),
      role_changed_by: null,
      role_changed_at: null,
    })
    .execute();
  return id;
}

const record = (organisationId: number, userId: string, n: number) =>
  appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `attempt:${organisationId}:${n}`,
    userId,
    scenarioId: "paynow-pep-pass-through",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.0.0",
      timestamp: new Date(Date.UTC(2026, 2, n)).toISOString(),
      content: { n },
    },
  });

/**
 * Two organisations, each with a manager; Harbour Bank's records are a learner's, River
 * Credit's the manager's own.
 */
async function twoOrganisations() {
  const organisations = [];
  for (const name of ["Harbour Bank", "River Credit"]) {
    const organisation = await ensureOrganisation(name);
    const manager = await signInForTest("manager");
    const learner = name === "Harbour Bank" ? await signInForTest("learner") : manager;
    const learnerId = await placeMember(learner.email, organisation.id, "learner");
    await placeMember(manager.email, organisation.id, "manager");
    const records = [
      await record(organisation.id, learnerId, 1),
      await record(organisation.id, learnerId, 2),
    ];
    organisations.push({ organisation, manager, learner, records });
  }
  return organisations as [(typeof organisations)[number], (typeof organisations)[number]];
}

const evidenceIdsIn = (zip: Uint8Array) =>
  Object.keys(unzipSync(zip))
    .filter((name) => name.startsWith("records/"))
    .map((name) => name.replace(/^records\/\d+-|\.json$/g, ""));

// Each test signs up to four people in through the real sign-in steps.
describe("the evidence register for staff", { timeout: 30_000 }, () => {
  it("lets an admin with a second factor search the register, export it and download a package", async () => {
    const [harbour, river] = await twoOrganisations();
    const admin = await signInForTest("admin", { admin: true, secondFactor: true });

    const page = await call(
      registerPageLoader,
      `/admin/evidence?organisation=${harbour.organisation.id}&learner=${harbour.learner.email}`,
      admin.cookie,
    );
    const shown = page.data as {
      list: { total: number; rows: { evidenceId: string }[] };
      audit: { records: number; breaks: unknown[] };
      search: string;
    };
    expect(shown.list.total).toBe(2);
    expect(shown.list.rows.map((row) => row.evidenceId)).toEqual(
      harbour.records.map((row) => row.evidenceId).reverse(),
    );
    expect(shown.audit).toEqual({ records: 2, chains: 1, breaks: [] });

    const csv = await call(
      registerCsvLoader,
      `/admin/evidence/register.csv?${shown.search}`,
      admin.cookie,
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `Harbour Bank,${harbour.organisation.id},2,${harbour.records[1]?.evidenceId},`,
    );

    const zip = await call(
      adminPackageLoader,
      `/admin/evidence/package?organisation=${river.organisation.id}`,
      admin.cookie,
    );
    expect(zip.status).toBe(200);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect(zip.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="audit-package_river-credit_\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(evidenceIdsIn(new Uint8Array(await zip.arrayBuffer()))).toEqual(
      river.records.map((row) => row.evidenceId),
    );
    const unknown = await call(
      adminPackageLoader,
      "/admin/evidence/package?organisation=99999",
      admin.cookie,
    );
    expect(unknown.status).toBe(404);
  });

  it("asks an admin without a proven second factor to prove it, and refuses everyone else", async () => {
    const [harbour] = await twoOrganisations();
    const unproven = await signInForTest("admin", { admin: true });
    const path = `/admin/evidence/package?organisation=${harbour.organisation.id}`;
    for (const loader of [registerPageLoader, registerCsvLoader, adminPackageLoader]) {
      const asked = await call(loader, path, unproven.cookie);
      expect(asked.status).toBe(302);
      expect(asked.headers.get("Location")).toMatch(/^\/admin\/security\?/);
      expect((await call(loader, path, harbour.manager.cookie)).status).toBe(403);
    }
  });

  it("gives a manager their own organisation's package, and a learner none", async () => {
    const [harbour, river] = await twoOrganisations();
    for (const { manager, records } of [harbour, river]) {
      const answer = await call(managerPackageLoader, "/training/evidence/package", manager.cookie);
      expect(answer.status).toBe(200);
      expect(evidenceIdsIn(new Uint8Array(await answer.arrayBuffer()))).toEqual(
        records.map((row) => row.evidenceId),
      );
    }
    const learner = await call(
      managerPackageLoader,
      "/training/evidence/package",
      harbour.learner.cookie,
    );
    expect(learner.status).toBe(403);
    expect(learner.headers.get("Content-Type")).not.toBe("application/zip");
    const guest = await call(managerPackageLoader, "/training/evidence/package", "");
    expect(guest.status).toBe(302);
  });
});
