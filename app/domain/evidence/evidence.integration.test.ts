import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getPacks } from "~/domain/aml/index.server";
import { base64urlnopad } from "@scure/base";
import { auditChains, checkKit, erasePersonalData } from "~/domain/evidence/index.server";
import { openWithKey } from "~/domain/evidence/personal.server";
import { verifyEvidence } from "~/domain/evidence/verify.server";
import { pdfText } from "../../../tests/pdf-text";
import { listPublicKeys } from "~/platform/lib/signing.server";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, callAction, pageRequest } from "../../../tests/integration/call-action";
import { action as amlAction } from "~/routes/kestrel.aml-demo";
import { loader as downloadLoader } from "~/routes/training.evidence-download";
import { loader as evidenceLoader } from "~/routes/training.evidence";

// Evidence as learners make it: a signed-in learner's graded AML attempt joins their
// organisation's chain, Save Evidence records their attestation, and the kit downloads (PDF, CSV,
// JSON) are theirs alone. Guests make no evidence.

let ip = 0;
const freshIp = () => `192.0.2.${(ip += 1) % 250}`;
const sg = getPacks().get("sg");
const scenario = sg?.scenarios.find((candidate) => candidate.id === "paynow-pep-pass-through");
if (!scenario) throw new Error("the PayNow case is missing");

const post = (fields: Record<string, string>, cookie = "") =>
  callAction(
    amlAction,
    pageRequest("/kestrel/aml-demo", { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
  );

const grade = (cookie = "") =>
  post(
    {
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: scenario.id,
      decision: "ESCALATE",
      analysis: "Funds leave within minutes from many payers; escalate and file an STR with STRO.",
    },
    cookie,
  );

type Result = {
  result?: {
    attemptId: number;
    evidence: { evidenceId: string; attestationId: string | null; learnerName: string } | null;
  };
};
type Saved = {
  evidenceSaved?: { evidenceId: string };
  error?: { code: string; message: string; fields?: Record<string, string> };
};

const download = (evidenceId: string, format: string, cookie: string) =>
  answerOf(() =>
    downloadLoader({
      request: pageRequest(`/training/evidence/${evidenceId}/${format}`, { cookie }),
      params: { evidenceId, format },
    } as never),
  );

describe("evidence of AML attempts", () => {
  it("records a signed-in learner's attempt in their organisation's chain, and nothing for a guest", async () => {
    await grade();
    expect(await getDb().selectFrom("evidence_record").selectAll().execute()).toHaveLength(0);
    const { cookie } = await signInForTest("evidence");
    const graded = (await grade(cookie)).data as Result;
    const evidenceId = graded.result?.evidence?.evidenceId;
    expect(evidenceId).toMatch(/^EV-/);
    const [record] = await getDb().selectFrom("evidence_record").selectAll().execute();
    expect(record).toMatchObject({ kind: "aml-attempt", sequence: 1, scenario_id: scenario.id });
    const envelope = JSON.parse(record?.envelope ?? "{}");
    expect(Object.keys(envelope.payload.content)).toEqual(
      expect.arrayContaining([
        "scenarioSnapshot",
        "learnerActions",
        "gradingSummary",
        "attestation",
        "complianceMapping",
        "retention",
      ]),
    );
    expect(envelope.payload).toMatchObject({
      jurisdiction: "sg",
      mode: "freeform",
      packVersion: sg?.config.version,
    });
    // Singapore's record states its basis and no production deadline: FINTRAC's 30 days are Canada's.
    const { retention } = envelope.payload.content;
    expect(retention).toMatchObject({
      recordRetentionYears: 5,
      basis: expect.stringMatching(/MAS/),
    });
    expect(retention).not.toHaveProperty("productionDays");
    expect(retention.basisUrl).toMatch(/^https:\/\//);
  });

  it("saves evidence only with the attestation, once, and the kits are the learner's alone", async () => {
    const { cookie } = await signInForTest("attester");
    const graded = (await grade(cookie)).data as Result;
    const attempt = String(graded.result?.attemptId);
    const unattested = await post({ intent: "save-evidence", attempt }, cookie);
    expect(unattested.status).toBe(400);
    expect((unattested.data as Saved).error?.fields?.attest).toBe("aml:errors.attest");
    const guest = await post({ intent: "save-evidence", attempt, attest: "on" });
    expect(guest.status).toBe(403);
    // The account has no name yet, so the attempt's record has none: the save asks for one.
    expect(graded.result?.evidence?.learnerName).toBe("");
    const nameless = await post({ intent: "save-evidence", attempt, attest: "on" }, cookie);
    expect(nameless.status).toBe(400);
    expect((nameless.data as Saved).error?.fields?.learnerName).toBe("aml:evidence.nameRequired");
    const invisible = await post(
      { intent: "save-evidence", attempt, attest: "on", learnerName: "Siti\u202eRahman" },
      cookie,
    );
    expect((invisible.data as Saved).error?.fields?.learnerName).toBe("aml:evidence.nameInvalid");
    expect(await getDb().selectFrom("evidence_record").selectAll().execute()).toHaveLength(1);

    const saved = (
      await post(
        {
          intent: "save-evidence",
          attempt,
          attest: "on",
          learnerName: "  Siti   Rahman ",
          reportTitle: "STR draft",
          reportContent: "Who: the customer",
        },
        cookie,
      )
    ).data as Saved;
    const evidenceId = saved.evidenceSaved?.evidenceId ?? "";
    expect(evidenceId).toMatch(/^EV-/);
    const again = (await post({ intent: "save-evidence", attempt, attest: "on" }, cookie))
      .data as Saved;
    expect(again.evidenceSaved?.evidenceId).toBe(evidenceId);

    const json = await download(evidenceId, "json", cookie);
    expect(json.headers.get("Content-Disposition")).toMatch(
      /evidence_paynow-pep-pass-through_\d{4}-\d{2}-\d{2}\.json/,
    );
    const kit = await json.json();
    expect(kit.envelope.payload.content.attestation).toMatchObject({
      statement: "This analysis is my own work",
      confirmed: true,
    });
    expect(kit.envelope.payload.content.reportDraft).toEqual({
      title: "STR draft",
      content: "Who: the customer",
    });
    // The learner's fields are signed sealed; the kit carries the key that opens them.
    expect(kit.envelope.payload.content.learner).toEqual({
      sealed: expect.stringMatching(/^v1\./),
    });
    const [unseal] = kit.unseal as { path: string; key: string }[];
    expect(unseal?.path).toBe("learner");
    expect(
      openWithKey(
        kit.envelope.payload.content.learner.sealed,
        base64urlnopad.decode(unseal?.key ?? ""),
      ),
    ).toEqual({ name: "Siti Rahman", email: expect.stringMatching(/^attester\d+@bank\.example$/) });
    const stored = await getDb().selectFrom("evidence_record").select("envelope").execute();
    expect(stored.map((row) => row.envelope).join()).not.toContain("Siti Rahman");
    // No artefact is claimed as reviewed; the rubric is named with its review date.
    expect(kit.envelope.payload.content.artifacts).toEqual(
      scenario.artifactsRequired.map((name) => ({ name, openedInTraining: false })),
    );
    expect(kit.envelope.payload.content.gradingSummary.rubric).toEqual({
      id: sg?.rubric.id,
      version: sg?.rubric.version,
      reviewDue: sg?.rubric.review_due,
    });
    expect(checkKit(kit, await listPublicKeys())).toMatchObject({ status: "verified", evidenceId });

    const pdf = await download(evidenceId, "pdf", cookie);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const csv = await (await download(evidenceId, "csv", cookie)).text();
    expect(csv.split("\n")[0]).toContain("evidence_id,hash,kind,section,name,value");

    const other = await signInForTest("stranger");
    expect((await download(evidenceId, "json", other.cookie)).status).toBe(404);
    expect((await download(evidenceId, "exe", cookie)).status).toBe(404);
    expect((await download("EV-0000-0000-0000-0000", "json", cookie)).status).toBe(404);

    // The name is kept: the learner's next attempt is recorded with it.
    const next = (await grade(cookie)).data as Result;
    expect(next.result?.evidence?.learnerName).toBe("Siti Rahman");

    const mine = await answerOf(() =>
      evidenceLoader({ request: pageRequest("/training/evidence", { cookie }) } as never),
    );
    const records = (mine.data as { records: { evidenceId: string; kind: string }[] }).records;
    expect(records.map((row) => row.kind)).toEqual([
      "aml-attempt",
      "aml-attestation",
      "aml-attempt",
    ]);
    expect((await auditChains()).breaks).toEqual([]);

    // A privacy request: the learner's personal data is erased. Every record and hash stays; the
    // kit handed out before still verifies; nothing can open the fields again.
    const [user] = await getDb()
      .selectFrom("user")
      .select("id")
      .where("email", "like", "attester%")
      .execute();
    const erasedAt = await erasePersonalData(user?.id ?? "", new Date("2026-12-01T09:00:00.000Z"));
    expect(erasedAt).toBe("2026-12-01T09:00:00.000Z");
    expect((await auditChains()).breaks).toEqual([]);
    const after = await verifyEvidence({ kit }, async () => null);
    expect(after).toMatchObject({
      status: "verified",
      signed: [expect.objectContaining({ learner: null, erasedAt: "2026-12-01T09:00:00.000Z" })],
    });
    const reissued = await (await download(evidenceId, "json", cookie)).json();
    expect(reissued.unseal).toBeUndefined();
    const pdfAfter = await download(evidenceId, "pdf", cookie);
    expect(await pdfText(new Uint8Array(await pdfAfter.arrayBuffer()))).not.toContain("SitiRahman");
  });

  it("sends a signed-out visitor of My evidence to sign in", async () => {
    const response = await answerOf(() =>
      evidenceLoader({ request: pageRequest("/training/evidence") } as never),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
