import { randomBytes } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { ensureOrganisation } from "~/domain/compliance/index.server";
import { processPendingReports, reportProcessingSettled } from "~/domain/reports/index.server";
import { pdfText } from "../../../tests/pdf-text";
import { signInForTest } from "../../../tests/integration/auth";
import { getCatalogue } from "~/domain/training/index.server";
import { answerOf, callAction, pageRequest } from "../../../tests/integration/call-action";
import { action as certificatesAction } from "~/routes/training.certificates";
import { loader as downloadLoader } from "~/routes/training.report-download";
import { action as reportsAction, loader as reportsLoader } from "~/routes/training.reports";
import { parseCsv } from "../../../tests/csv";
import { takeModule } from "../../../tests/integration/takes";
import { placeMember, userIdOf } from "../../../tests/integration/members";

// Reports on a real database, as a manager, a learner and outsiders meet them: asked for on the
// page, built in the background exactly once, downloaded only by those allowed.
let counter = 0;
const freshIp = () => `198.51.100.${(counter += 1) % 250}`;

type Report = {
  id: string;
  kind: string;
  status: string;
  generatedBy: string;
  author: string | null;
  dueDate: string | null;
  size: number | null;
  downloadUrl: string | null;
};
type Panel = { signedIn: boolean; reports?: Report[]; kinds?: { kind: string }[] };

const panel = async (cookie: string) =>
  (
    await answerOf(() =>
      reportsLoader({ request: pageRequest("/training/reports", { cookie }) } as never),
    )
  ).data as Panel;

const ask = (cookie: string, fields: Record<string, string>) =>
  callAction(
    reportsAction,
    pageRequest("/training/reports", { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
  );

const download = (id: string, cookie = "") =>
  answerOf(() =>
    downloadLoader({
      request: pageRequest(`/training/reports/${id}/download`, { cookie }),
      params: { id },
    } as never),
  );

async function rename(email: string, name: string) {
  await getDb().updateTable("user").set({ name }).where("email", "=", email).execute();
}

/** Passes a module with every answer right. */
async function passModule(cookie: string, moduleId: string) {
  await takeModule(moduleId, cookie, true);
}

/** Waits for the build the request started in this process, then answers the viewer's reports. */
async function settledReports(cookie: string): Promise<Report[]> {
  await reportProcessingSettled();
  return (await panel(cookie)).reports ?? [];
}

/** A small organisation: a manager, and a learner with a Thai name who passed one module. */
async function smallOrganisation(organisation = "Harbour Credit Union") {
  const manager = await signInForTest("manager");
  const learner = await signInForTest("learner");
  const { userId: managerId } = await placeMember(manager.email, organisation, "manager");
  await placeMember(learner.email, organisation, "learner");
  await rename(manager.email, "Dana Reyes");
  await rename(learner.email, "สมชาย ใจดี");
  await passModule(learner.cookie, "document-verification");
  const named = await callAction(
    certificatesAction,
    pageRequest("/training/certificates", {
      cookie: learner.cookie,
      body: new URLSearchParams({ name: "สมชาย ใจดี" }),
    }),
    freshIp(),
  );
  expect(named.status).toBe(200);
  const certificate = await getDb()
    .selectFrom("certificate")
    .select("verification_code")
    .executeTakeFirstOrThrow();
  return {
    manager: { ...manager, userId: managerId },
    learner,
    code: certificate.verification_code,
  };
}

describe("generation", () => {
  it("builds the training register a manager asks for: CSV rows per learner and requirement, with the certificate that fulfils it", async () => {
    const { manager, learner, code } = await smallOrganisation();
    const asked = await ask(manager.cookie, {
      intent: "generate",
      kind: "training-register",
      format: "csv",
    });
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ ok: true, intent: "generate" });

    const [report] = await settledReports(manager.cookie);
    expect(report).toMatchObject({
      kind: "training-register",
      status: "completed",
      generatedBy: "Dana Reyes",
      author: "manager",
      dueDate: "2026-10-18",
    });
    expect(report?.downloadUrl).toBe(`/training/reports/${report?.id}/download`);

    const file = await download(report?.id ?? "", manager.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="kestrel-training-register-${today}.csv"`,
    );
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(report?.size).toBe(bytes.byteLength);
    const rows = parseCsv(new TextDecoder().decode(bytes));
    expect(rows.slice(0, 4)).toEqual([
      ["Organisation", "Harbour Credit Union"],
      ["Regulator", "FINTRAC"],
      ["Generated", expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/)],
      ["Next audit", "2026-10-18"],
    ]);
    const header = rows.findIndex((row) => row[0] === "Name");
    expect(rows[header]).toEqual([
      "Name",
      "Email",
      "Role",
      "Requirement",
      "Category",
      "Cycle",
      "Status",
      "Due date",
      "Completed",
      "Certificate codes",
    ]);
    const end = rows.findIndex((row, index) => index > header && row.length <= 1);
    const records = rows.slice(header + 1, end);
    // A completion is dated in the organisation's time zone, which is not UTC's date near midnight.
    const { time_zone: timeZone } = await getDb()
      .selectFrom("organisation")
      .select("time_zone")
      .where("name", "=", "Harbour Credit Union")
      .executeTakeFirstOrThrow();
    const completedOn = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
    // Due 30 days after each member joined (SPEC §9's requirements are dated from assignment).
    const dueFor = async (email: string) => {
      const { joined_at: joinedAt } = await getDb()
        .selectFrom("organisation_member")
        .select("joined_at")
        .where("user_id", "=", await userIdOf(email))
        .executeTakeFirstOrThrow();
      const joinedOn = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(joinedAt));
      return new Date(Date.parse(`${joinedOn}T00:00:00Z`) + 30 * 86_400_000)
        .toISOString()
        .slice(0, 10);
    };
    const dueOn = await dueFor(learner.email);
    // Two members × the four default requirements.
    expect(records).toHaveLength(8);
    const cdd = records.find(
      (row) => row[0] === "สมชาย ใจดี" && row[3] === "Customer Due Diligence",
    );
    expect(cdd).toEqual([
      "สมชาย ใจดี",
      learner.email,
      "Learner",
      "Customer Due Diligence",
      "AML",
      "1",
      "Completed",
      dueOn,
      completedOn,
      code,
    ]);
    // Takes finished faster than the time floor (here, seconds for a module stated at its
    // minutes, against the default 20 % floor) are listed in a table of their own.
    const floorMinutes =
      (getCatalogue().modules.get("document-verification")?.durationMinutes ?? 0) / 5;
    expect(rows[end + 1]).toEqual(["Takes faster than the time floor"]);
    expect(rows[end + 2]).toEqual([
      "Name",
      "Email",
      "Module",
      "Completed",
      "Passed",
      "Time on task",
      "Time floor",
    ]);
    expect(rows[end + 3]).toEqual([
      "สมชาย ใจดี",
      learner.email,
      expect.any(String),
      expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      "Yes",
      expect.stringMatching(/^0 min \d+ s$/),
      `${Math.floor(floorMinutes)} min ${Math.round((floorMinutes % 1) * 60)} s`,
    ]);
    const managerRow = records.find(
      (row) => row[0] === "Dana Reyes" && row[3] === "Customer Due Diligence",
    );
    expect(managerRow?.slice(2, 10)).toEqual([
      "Manager",
      "Customer Due Diligence",
      "AML",
      "1",
      // Nobody is overdue on the day they join.
      "Pending",
      await dueFor(manager.email),
      "",
      "",
    ]);

    // The requester hears it is ready.
    const notices = await getDb()
      .selectFrom("notification")
      .select(["kind", "params"])
      .where("user_id", "=", await userIdOf(manager.email))
      .execute();
    expect(notices).toEqual([
      {
        kind: "reportReady",
        params: JSON.stringify({ report: "Training register: Harbour Credit Union" }),
      },
    ]);
  });

  it("builds PDFs whose text reads back: the register, the certification report and a learner's own record", async () => {
    const { manager, learner, code } = await smallOrganisation();
    for (const kind of ["training-register", "certification"]) {
      expect((await ask(manager.cookie, { intent: "generate", kind, format: "pdf" })).status).toBe(
        200,
      );
    }
    expect(
      (await ask(learner.cookie, { intent: "generate", kind: "training-record", format: "pdf" }))
        .status,
    ).toBe(200);
    await reportProcessingSettled();
    await processPendingReports();

    const texts = new Map<string, string>();
    for (const report of (await panel(manager.cookie)).reports ?? []) {
      expect(report.status).toBe("completed");
      const file = await download(report.id, manager.cookie);
      expect(file.headers.get("Content-Type")).toBe("application/pdf");
      texts.set(report.kind, await pdfText(new Uint8Array(await file.arrayBuffer())));
    }
    // The manager sees the organisation's reports, not the learner's own record.
    expect([...texts.keys()].sort()).toEqual(["certification", "training-register"]);
    const register = texts.get("training-register") ?? "";
    for (const expected of [
      "HarbourCreditUnion",
      "สมชายใจดี",
      "CustomerDueDiligence",
      code,
      "Page1of1",
    ]) {
      expect(register).toContain(expected);
    }
    const certification = texts.get("certification") ?? "";
    expect(certification).toContain(code);
    expect(certification).toContain("สมชายใจดี");
    expect(certification).toContain("Valid");

    const [record] = (await panel(learner.cookie)).reports ?? [];
    expect(record).toMatchObject({ kind: "training-record", status: "completed", dueDate: null });
    const own = await download(record?.id ?? "", learner.cookie);
    const recordText = await pdfText(new Uint8Array(await own.arrayBuffer()));
    for (const expected of [
      "Trainingrecord:สมชายใจดี",
      "DocumentVerificationforCustomerIdentification",
      "100%",
      code,
      "RecordKeeping",
    ]) {
      expect(recordText).toContain(expected);
    }
    // The manager of the organisation may read it too.
    expect((await download(record?.id ?? "", manager.cookie)).status).toBe(200);
  });

  it("builds each waiting report once when two passes run at the same time", async () => {
    const { manager } = await smallOrganisation();
    const managerId = await userIdOf(manager.email);
    const organisation = await ensureOrganisation("Harbour Credit Union");
    const ids = ["csv", "pdf", "csv"].map((format, index) => ({
      public_id: randomBytes(12).toString("base64url"),
      organisation_id: organisation.id,
      requested_by: managerId,
      kind: index === 2 ? ("certification" as const) : ("training-register" as const),
      format: format as "csv" | "pdf",
      status: "pending" as const,
      requested_at: new Date().toISOString(),
      started_at: null,
      completed_at: null,
      size: null,
      content: null,
      error: null,
      language: "en-US",
    }));
    await getDb().insertInto("report").values(ids).execute();

    const [first, second] = await Promise.all([processPendingReports(), processPendingReports()]);
    expect((first?.completed ?? 0) + (second?.completed ?? 0)).toBe(3);
    expect((first?.failed ?? 0) + (second?.failed ?? 0)).toBe(0);
    const notices = await getDb()
      .selectFrom("notification")
      .select("event_key")
      .where("user_id", "=", managerId)
      .execute();
    expect(notices).toHaveLength(3);
    const statuses = await getDb().selectFrom("report").select("status").execute();
    expect(statuses.map((row) => row.status)).toEqual(["completed", "completed", "completed"]);
    // Nothing is left for a third pass.
    expect(await processPendingReports()).toEqual({ completed: 0, failed: 0 });
  });

  it("builds again a report whose build died with its server, but not one still being built", async () => {
    const { manager } = await smallOrganisation();
    const organisation = await ensureOrganisation("Harbour Credit Union");
    const now = new Date();
    const running = (minutesAgo: number) => ({
      public_id: randomBytes(12).toString("base64url"),
      organisation_id: organisation.id,
      requested_by: manager.userId,
      kind: "certification" as const,
      format: "csv" as const,
      status: "running" as const,
      requested_at: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      started_at: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      completed_at: null,
      size: null,
      content: null,
      error: null,
      language: "en-US",
    });
    const [stale, busy] = [running(11), running(2)];
    await getDb().insertInto("report").values([stale, busy]).execute();
    expect(await processPendingReports({ now })).toEqual({ completed: 1, failed: 0 });
    const statuses = await getDb()
      .selectFrom("report")
      .select(["public_id", "status"])
      .orderBy("id")
      .execute();
    expect(statuses).toEqual([
      { public_id: stale.public_id, status: "completed" },
      { public_id: busy.public_id, status: "running" },
    ]);
  });

  it("lets the requester retry a failed report, which is then built", async () => {
    const { manager } = await smallOrganisation();
    const organisation = await ensureOrganisation("Harbour Credit Union");
    const publicId = randomBytes(12).toString("base64url");
    await getDb()
      .insertInto("report")
      .values({
        public_id: publicId,
        organisation_id: organisation.id,
        requested_by: await userIdOf(manager.email),
        kind: "certification",
        format: "csv",
        status: "failed",
        requested_at: new Date().toISOString(),
        started_at: null,
        completed_at: null,
        size: null,
        content: null,
        error: "disk full",
        language: "en-US",
      })
      .execute();
    const [failed] = (await panel(manager.cookie)).reports ?? [];
    expect(failed).toMatchObject({ id: publicId, status: "failed", downloadUrl: null });
    expect((await download(publicId, manager.cookie)).status).toBe(409);

    const retried = await ask(manager.cookie, { intent: "retry", report: publicId });
    expect(retried.data).toEqual({ ok: true, intent: "retry" });
    const [done] = await settledReports(manager.cookie);
    expect(done).toMatchObject({ id: publicId, status: "completed" });
  });
});

describe("permissions", () => {
  it("refuses organisation reports to a learner (403) but builds their own record", async () => {
    const { cookie } = await signInForTest("learner");
    expect((await panel(cookie)).kinds?.map((option) => option.kind)).toEqual(["training-record"]);
    for (const kind of ["training-register", "certification"]) {
      const refused = await ask(cookie, { intent: "generate", kind, format: "csv" });
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({
        error: { code: "forbidden", message: "reports:errors.forbidden" },
      });
    }
    expect(await getDb().selectFrom("report").select("id").execute()).toEqual([]);
    const own = await ask(cookie, { intent: "generate", kind: "training-record", format: "pdf" });
    expect(own.status).toBe(200);
    expect(await settledReports(cookie)).toMatchObject([
      { kind: "training-record", status: "completed" },
    ]);
  });

  it("answers 404 to another organisation's manager, another learner and a stranger", async () => {
    const { manager, learner } = await smallOrganisation();
    await ask(manager.cookie, { intent: "generate", kind: "training-register", format: "csv" });
    await ask(learner.cookie, { intent: "generate", kind: "training-record", format: "pdf" });
    await reportProcessingSettled();
    await processPendingReports();
    const reports = await getDb()
      .selectFrom("report")
      .select(["public_id", "kind", "status"])
      .execute();
    expect(reports.map((report) => report.status)).toEqual(["completed", "completed"]);

    const outsider = await signInForTest("outsider");
    await placeMember(outsider.email, "Other Bank", "manager");
    const colleague = await signInForTest("colleague");
    await placeMember(colleague.email, "Harbour Credit Union", "learner");
    for (const report of reports) {
      expect((await download(report.public_id, outsider.cookie)).status).toBe(404);
      expect((await download(report.public_id)).status).toBe(404);
      expect((await download(report.public_id, colleague.cookie)).status).toBe(404);
    }
    expect((await panel(outsider.cookie)).reports).toEqual([]);
    expect((await panel(colleague.cookie)).reports).toEqual([]);
    expect((await download("../../etc/passwd", manager.cookie)).status).toBe(404);
    // Nor may they retry what they cannot see.
    const retry = await ask(outsider.cookie, {
      intent: "retry",
      report: reports[0]?.public_id ?? "",
    });
    expect(retry.status).toBe(404);
  });

  it("gives an administrator the register and others' reports only once the second factor is proved", async () => {
    const { manager } = await smallOrganisation();
    await ask(manager.cookie, { intent: "generate", kind: "training-register", format: "csv" });
    await reportProcessingSettled();
    await processPendingReports();
    const [report] = await getDb().selectFrom("report").select("public_id").execute();
    const halfAdmin = await signInForTest("codeonly", { admin: true });
    const refused = await ask(halfAdmin.cookie, {
      intent: "generate",
      kind: "training-register",
      format: "csv",
    });
    expect(refused.status).toBe(403);
    expect((await download(report?.public_id ?? "", halfAdmin.cookie)).status).toBe(404);
    const admin = await signInForTest("provenadmin", { admin: true, secondFactor: true });
    expect((await download(report?.public_id ?? "", admin.cookie)).status).toBe(200);
    const allowed = await ask(admin.cookie, {
      intent: "generate",
      kind: "training-register",
      format: "csv",
    });
    expect(allowed.status).toBe(200);
  });

  it("answers hostile, missing and oversized form values with 400 and a clear error", async () => {
    const { cookie } = await signInForTest("prober");
    const probes: Record<string, string>[] = [
      {},
      { intent: "generate" },
      { intent: "generate", kind: "training-record" },
      { intent: "generate", kind: "training-record'; DROP TABLE report;--", format: "pdf" },
      { intent: "generate", kind: "training-record", format: "exe" },
      { intent: "generate", kind: "x".repeat(10_000), format: "pdf" },
      { intent: "generate", kind: "training-record", format: "csv" },
      { intent: "retry", report: "<script>" },
      { intent: "delete", kind: "training-record", format: "pdf" },
    ];
    for (const fields of probes) {
      const answer = await ask(cookie, fields);
      expect(answer.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(answer.data).toMatchObject({ error: { code: "validation" } });
    }
    expect(await getDb().selectFrom("report").select("id").execute()).toEqual([]);
  });

  it("keeps at most three reports waiting per user", async () => {
    const { manager } = await smallOrganisation();
    const managerId = await userIdOf(manager.email);
    const organisation = await ensureOrganisation("Harbour Credit Union");
    await getDb()
      .insertInto("report")
      .values(
        [1, 2, 3].map(() => ({
          public_id: randomBytes(12).toString("base64url"),
          organisation_id: organisation.id,
          requested_by: managerId,
          kind: "certification" as const,
          format: "csv" as const,
          status: "running" as const,
          requested_at: new Date().toISOString(),
          started_at: new Date().toISOString(),
          completed_at: null,
          size: null,
          content: null,
          error: null,
          language: "en-US",
        })),
      )
      .execute();
    const refused = await ask(manager.cookie, {
      intent: "generate",
      kind: "certification",
      format: "pdf",
    });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      error: { code: "rate_limited", message: "reports:errors.tooMany", count: 3 },
    });
    expect(await getDb().selectFrom("report").select("id").execute()).toHaveLength(3);
  });
});

describe("size", () => {
  it(
    "builds the register of 2,000 learners × 4 requirements as CSV and PDF",
    { timeout: 120_000 },
    async () => {
      const { manager } = await smallOrganisation();
      const organisation = await ensureOrganisation("Harbour Credit Union");
      const at = new Date().toISOString();
      const names = ["Nguyễn Thị Mai", "สมชาย ใจดี", "முத்து குமார்", "陈美玲", "Amélie Tremblay"];
      const users = Array.from({ length: 1998 }, (_, index) => ({
        id: `bulk-${index}`,
        name: `${names[index % names.length]} ${index}`,
        email: `bulk${index}@bank.example`,
        email_verified: 1,
        image: null,
        created_at: at,
        updated_at: at,
        two_factor_enabled: 0,
        role: "learner",
      }));
      for (let start = 0; start < users.length; start += 200) {
        const slice = users.slice(start, start + 200);
        await getDb().insertInto("user").values(slice).execute();
        await getDb()
          .insertInto("organisation_member")
          .values(
            slice.map((user) => ({
              user_id: user.id,
              organisation_id: organisation.id,
              role: "learner" as const,
              joined_at: at,
              role_changed_by: null,
              role_changed_at: null,
            })),
          )
          .execute();
      }
      for (const format of ["csv", "pdf"]) {
        await ask(manager.cookie, { intent: "generate", kind: "training-register", format });
        await reportProcessingSettled();
      }
      const reports = (await panel(manager.cookie)).reports ?? [];
      expect(reports.map((report) => [report.kind, report.status])).toEqual([
        ["training-register", "completed"],
        ["training-register", "completed"],
      ]);
      const [pdf, csv] = await Promise.all(
        reports.map(
          async (report) =>
            new Uint8Array(await (await download(report.id, manager.cookie)).arrayBuffer()),
        ),
      );
      const rows = parseCsv(new TextDecoder().decode(csv));
      const header = rows.findIndex((row) => row[0] === "Name");
      const end = rows.findIndex((row, index) => index > header && row.length <= 1);
      expect(end - header - 1).toBe(2000 * 4);
      expect(rows[end - 1]?.[0]).toMatch(/ \d+$/);
      const document = await PDFDocument.load(pdf ?? new Uint8Array());
      // A4 landscape, about forty rows a page.
      expect(document.getPageCount()).toBeGreaterThan(150);
      const { width, height } = document.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    },
  );
});
