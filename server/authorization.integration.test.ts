import { unzipSync } from "fflate";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { getPacks } from "~/domain/aml/index.server";
import { processPendingReports, reportProcessingSettled } from "~/domain/reports/index.server";
import { getDb } from "~/platform/db/db.server";
import { signInForTest } from "../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  contextFor,
  pageRequest,
} from "../tests/integration/call-action";
import { placeMember } from "../tests/integration/members";
import { answerStep, openTake, takeModule } from "../tests/integration/takes";
import * as amlDemo from "~/routes/kestrel.aml-demo";
import * as app from "~/routes/app";
import * as skillsExport from "~/routes/app.skills-export";
import * as certificatePdf from "~/routes/training.certificate-pdf";
import * as certificateCredential from "~/routes/training.certificate-credential";
import * as certificates from "~/routes/training.certificates";
import * as evidenceDownload from "~/routes/training.evidence-download";
import * as evidencePackage from "~/routes/training.evidence-package";
import * as notifications from "~/routes/training.notifications";
import * as reportDownload from "~/routes/training.report-download";
import * as reports from "~/routes/training.reports";
import * as review from "~/routes/training.review";

// One learner's things, tried by everyone who must not reach them: another learner of the same
// organisation, another organisation's manager, a guest, and an administrator who has not proved
// the second factor. Every URL and action that names a learner's thing by its id is tried with
// that id; the owner (or their own manager) reaching it proves each probe can tell the difference.

const OWNER_NAME = "Wilhelmina Okonkwo-Tan";
const ESG_MODULE = "esg-fundamentals-singapore";
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

interface RouteModule {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
}

const get = (route: RouteModule, path: string, params: Record<string, string>, cookie: string) =>
  answerOf(() =>
    route.loader?.({
      request: pageRequest(path, { cookie }),
      params,
      context: contextFor(freshIp()),
    } as never),
  );

const post = (
  route: RouteModule,
  path: string,
  params: Record<string, string>,
  fields: Record<string, string>,
  cookie: string,
) =>
  callAction(
    route.action as (args: unknown) => unknown,
    pageRequest(path, { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
    params,
  );

/** Everything an answer shows: its body as text (each file of a ZIP), or a page's data. */
async function shown(answer: RouteAnswer): Promise<string> {
  const bytes = new Uint8Array(await answer.clone().arrayBuffer());
  const decoder = new TextDecoder();
  const isZip = decoder.decode(bytes.subarray(0, 2)) === "PK";
  const body = isZip
    ? Object.values(unzipSync(bytes))
        .map((file) => decoder.decode(file))
        .join("\n")
    : decoder.decode(bytes);
  return `${body}${answer.data === undefined ? "" : JSON.stringify(answer.data)}`;
}

/** The owner's things, made the way the product makes them. */
async function ownersThings() {
  const owner = await signInForTest("owner");
  const manager = await signInForTest("ownersmanager");
  await placeMember(owner.email, "Harbour Bank", "learner");
  await placeMember(manager.email, "Harbour Bank", "manager");
  await getDb()
    .updateTable("user")
    .set({ name: OWNER_NAME })
    .where("email", "=", owner.email)
    .execute();

  // A certificate with the name to print, and the notifications that came with it.
  await takeModule(ESG_MODULE, owner.cookie, [true, true, true]);
  await post(certificates, "/training/certificates", {}, { name: OWNER_NAME }, owner.cookie);
  const certificate = await getDb()
    .selectFrom("certificate")
    .select("verification_code")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const notification = await getDb()
    .selectFrom("notification")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

  // A graded AML answer: an attempt, its evidence record.
  const sg = getPacks().get("sg");
  const graded = await post(
    amlDemo,
    "/kestrel/aml-demo",
    {},
    {
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: sg?.scenarios[0]?.id ?? "",
      decision: "ESCALATE",
      analysis: `${OWNER_NAME} notes many payers and money leaving within minutes; escalate for an STR.`,
    },
    owner.cookie,
  );
  const result = (
    graded.data as { result: { attemptId: number; evidence: { evidenceId: string } } }
  ).result;

  // A skills draft, and the reports the owner and their manager asked for.
  await post(
    app,
    "/app",
    {},
    {
      intent: "generate",
      skillId: "kyc-escalation-memo",
      input: "The customer changed her address twice in a month and wired SGD 40,000 abroad.",
      timeZone: "Asia/Singapore",
    },
    owner.cookie,
  );
  const run = await getDb()
    .selectFrom("skill_run")
    .select("id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  await post(
    reports,
    "/training/reports",
    {},
    { intent: "generate", kind: "training-record", format: "pdf" },
    owner.cookie,
  );
  await post(
    reports,
    "/training/reports",
    {},
    { intent: "generate", kind: "training-register", format: "csv" },
    manager.cookie,
  );
  await reportProcessingSettled();
  await processPendingReports();
  const reportIds = await getDb().selectFrom("report").select("public_id").orderBy("id").execute();

  // A module take in progress.
  const take = await openTake("esg-materiality-sector-scenarios", owner.cookie);

  return {
    owner,
    manager,
    code: certificate.verification_code,
    notification: String(notification.id),
    attemptId: String(result.attemptId),
    evidenceId: result.evidence.evidenceId,
    run: String(run.id),
    reports: reportIds.map((row) => row.public_id),
    take,
  };
}

type Things = Awaited<ReturnType<typeof ownersThings>>;

interface Probe {
  name: string;
  /** Whom the thing is for: its owner, or the owner's manager. */
  allowed: "owner" | "manager" | "nobody-here";
  /** Names no thing but the caller's organisation: another organisation's manager gets theirs. */
  ownOrganisation?: boolean;
  run: (cookie: string) => Promise<RouteAnswer>;
}

function probes(things: Things): Probe[] {
  const { code, evidenceId, attemptId, run, notification, take } = things;
  const [ownReport = "", register = ""] = things.reports;
  return [
    ...(["pdf", "credential"] as const).map((kind) => ({
      name: `certificate ${kind}`,
      allowed: "owner" as const,
      run: (cookie: string) =>
        get(
          kind === "pdf" ? certificatePdf : certificateCredential,
          `/training/certificates/${code}/${kind}`,
          { code },
          cookie,
        ),
    })),
    ...["pdf", "csv", "json"].map((format) => ({
      name: `evidence ${format}`,
      allowed: "owner" as const,
      run: (cookie: string) =>
        get(
          evidenceDownload,
          `/training/evidence/${evidenceId}/${format}`,
          { evidenceId, format },
          cookie,
        ),
    })),
    {
      name: "the organisation's evidence package",
      allowed: "manager",
      ownOrganisation: true,
      run: (cookie) => get(evidencePackage, "/training/evidence/package", {}, cookie),
    },
    ...(["run", "draft"] as const).map((kind) => ({
      name: `skills export of a ${kind}`,
      allowed: kind === "run" ? ("owner" as const) : ("nobody-here" as const),
      run: (cookie: string) =>
        get(skillsExport, `/app/skills/export/${kind}/${run}`, { kind, id: run }, cookie),
    })),
    {
      name: "the owner's own report",
      allowed: "owner",
      run: (cookie) =>
        get(reportDownload, `/training/reports/${ownReport}/download`, { id: ownReport }, cookie),
    },
    {
      name: "the manager's register",
      allowed: "manager",
      run: (cookie) =>
        get(reportDownload, `/training/reports/${register}/download`, { id: register }, cookie),
    },
    {
      name: "retrying the owner's report",
      allowed: "owner",
      run: (cookie) =>
        post(reports, "/training/reports", {}, { intent: "retry", report: ownReport }, cookie),
    },
    {
      name: "the review page of the owner's answer",
      allowed: "nobody-here",
      run: (cookie) => get(review, `/training/reviews/${attemptId}`, { attemptId }, cookie),
    },
    {
      name: "overriding the owner's grade",
      allowed: "nobody-here",
      run: (cookie) =>
        post(
          review,
          `/training/reviews/${attemptId}`,
          { attemptId },
          { intent: "override", percent: "100", note: "fine" },
          cookie,
        ),
    },
    {
      name: "saving evidence on the owner's attempt",
      allowed: "owner",
      run: (cookie) =>
        post(
          amlDemo,
          "/kestrel/aml-demo",
          {},
          { intent: "save-evidence", attempt: attemptId, attest: "on" },
          cookie,
        ),
    },
    ...["read", "remove"].map((intent) => ({
      name: `${intent} the owner's notification`,
      allowed: "owner" as const,
      run: (cookie: string) =>
        post(notifications, "/training/notifications", {}, { intent, id: notification }, cookie),
    })),
    {
      name: "answering in the owner's take",
      allowed: "owner",
      run: (cookie) =>
        answerStep({
          moduleId: "esg-materiality-sector-scenarios",
          take,
          index: 0,
          right: true,
          cookie,
        }),
    },
  ];
}

const REFUSED = [302, 303, 400, 401, 403, 404];

/** Paths of app/routes.ts whose ids name nobody's things, and why; every other id is probed. */
const PUBLIC_IDS: Record<string, string> = {
  "training/track/:trackId": "a track of the catalogue",
  "training/track/:trackId/module/:moduleId": "a module of the catalogue",
  "training/track/:trackId/final": "a track's final assessment, drawn per learner",
  "training/module/:moduleId": "a module of the catalogue",
  "docs/modules/:courseId/:file": "a course's published file",
  "verify/:code": "public verification, by design",
  "api/certificates/:code": "public verification, by design",
  "evidence/verifier/:file": "the public verifier's own files",
  "credentials/status/:list": "the public revocation list",
  "admin/export/:dataset": "an admin export: app/platform/auth/admin-guard.integration.test.ts",
  "training/policies/:id":
    "an organisation's policy, read by its members: another organisation's is a 404 (app/workflows/attest-policy.integration.test.ts)",
  "training/policies/:id/document":
    "an organisation's policy document, read by its members: another organisation's is a 404 (app/workflows/attest-policy.integration.test.ts)",
};
const PROBED_IDS = [
  "app/skills/export/:kind/:id",
  "training/reviews/:attemptId",
  "training/certificates/:code/pdf",
  "training/certificates/:code/credential",
  "training/reports/:id/download",
  "training/evidence/:evidenceId/:format",
];

function paths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [path, ...paths(entry.children ?? [], path)];
  });
}

describe("nobody reaches a learner's things but the learner (and their manager, where it is theirs)", () => {
  it("probes every path of app/routes.ts that carries an id, or says why it names nobody's things", () => {
    const withIds = new Set(paths(routes).filter((path) => path.includes(":")));
    expect(withIds).toEqual(new Set([...PROBED_IDS, ...Object.keys(PUBLIC_IDS)]));
  });

  it("refuses every id-bearing URL and action to a peer, another organisation's manager, a guest and an unproven admin", async () => {
    const things = await ownersThings();
    const peer = await signInForTest("peer");
    await placeMember(peer.email, "Harbour Bank", "learner");
    const outsider = await signInForTest("outsider");
    await placeMember(outsider.email, "Other Bank", "manager");
    const halfAdmin = await signInForTest("halfadmin", { admin: true });
    const strangers = {
      peer: peer.cookie,
      outsider: outsider.cookie,
      guest: "",
      halfAdmin: halfAdmin.cookie,
    };

    const list = probes(things);
    for (const probe of list) {
      for (const [who, cookie] of Object.entries(strangers)) {
        const answer = await probe.run(cookie);
        const label = `${probe.name}, as ${who}`;
        const ownPackage = probe.ownOrganisation && who === "outsider" && answer.status === 200;
        if (!ownPackage) expect(REFUSED, `${label}: ${answer.status}`).toContain(answer.status);
        const text = await shown(answer);
        expect(text, label).not.toContain(OWNER_NAME);
        expect(text, label).not.toContain(things.owner.email);
        expect(text, label).not.toContain(things.evidenceId);
      }
      if (probe.allowed === "nobody-here") continue;
      const rightful = probe.allowed === "owner" ? things.owner.cookie : things.manager.cookie;
      const answer = await probe.run(rightful);
      expect(answer.status, `${probe.name}, as its ${probe.allowed}`).toBeLessThan(300);
      // What the others were refused is there for the rightful one.
      if (probe.ownOrganisation) expect(await shown(answer)).toContain(things.evidenceId);
    }
    expect(list.length).toBeGreaterThanOrEqual(16);
  }, 120_000);
});
