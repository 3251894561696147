import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { appendEvidence, kitOf } from "~/domain/evidence/chain.server";
import {
  ALTERED_MESSAGE,
  VERIFY_EVIDENCE_RATE_LIMIT,
  sha256Hex,
} from "~/domain/evidence/index.server";
import { attachKit } from "~/domain/evidence/pdf-embed.server";
import { answerOf, callAction, contextFor } from "../../../tests/integration/call-action";
import { action as apiAction } from "~/routes/api.evidence-verify";
import { action as pageAction, loader as pageLoader } from "~/routes/evidence.verify";

// POST /api/evidence/verify and the public page's form, as an API client and a browser meet them.

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}-${ipCounter}`;

const record = () =>
  appendEvidence({
    organisationId: 1,
    kind: "aml-attempt",
    subject: "attempt:1",
    payload: {
      jurisdiction: "my",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T10:00:00.000Z",
      content: { gradingSummary: { percent: 91 } },
    },
  });

function request(path: string, body: BodyInit, type?: string): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
  });
}

const api = (body: BodyInit, { type = "application/json", ip = freshIp() } = {}) =>
  callAction(apiAction, request("/api/evidence/verify", body, type), ip);

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

async function evidencePdf(kit: ReturnType<typeof kitOf>): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await attachKit(pdf, kit);
  return new Uint8Array(await pdf.save());
}

describe("POST /api/evidence/verify", () => {
  it("answers a kit sent as JSON or as a file with its status and signed content; a PDF Kestrel never issued is not verified by the kit inside it", async () => {
    const stored = await record();
    const kit = kitOf(stored);
    const json = await api(JSON.stringify(kit));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({
      status: "verified",
      message: `Verified ${stored.evidenceId}`,
      details: expect.objectContaining({ evidenceId: stored.evidenceId, sequence: 1 }),
      file: null,
      signed: [expect.objectContaining({ evidenceId: stored.evidenceId, score: 91 })],
      moreSigned: 0,
    });
    const file = new File([JSON.stringify(kit)], "kit.json", { type: "application/json" });
    expect(await (await api(form({ file }), { type: "" })).json()).toMatchObject({
      status: "verified",
    });
    // A PDF made elsewhere around a genuine kit: its pages could say anything.
    const pdf = new File([await evidencePdf(kit)], "evidence.pdf", { type: "application/pdf" });
    expect(await (await api(form({ file: pdf }), { type: "" })).json()).toMatchObject({
      status: "altered",
      message: ALTERED_MESSAGE,
    });
  });

  it("refuses JSON nested deeper than 64 levels, as a body or as a file, with the reason (422)", async () => {
    const deep = `${"[".repeat(65)}${"]".repeat(65)}`;
    for (const response of [
      await api(deep),
      await api(form({ file: new File([deep], "kit.json") }), { type: "" }),
    ]) {
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("JSON nests deeper than 64 levels.");
    }
    const page = await callAction(
      pageAction,
      request("/evidence/verify", form({ file: new File([deep], "kit.json") })),
      freshIp(),
    );
    expect(page.status).toBe(422);
    expect(page.data).toEqual({ verification: null, error: "tooDeep" });
  });

  it("looks up an evidence id, from a form field or a JSON body", async () => {
    const stored = await record();
    expect(
      await (await api(form({ evidenceId: stored.evidenceId }), { type: "" })).json(),
    ).toMatchObject({ status: "verified" });
    expect(
      await (await api(JSON.stringify({ evidenceId: "EV-0000-0000-0000-0000" }))).json(),
    ).toMatchObject({ status: "unknown" });
  });

  it("says a file Kestrel never issued is not issued or altered, and JSON that is no kit is not one", async () => {
    const file = new File(["just some notes"], "notes.txt", { type: "text/plain" });
    expect(await (await api(form({ file }), { type: "" })).json()).toEqual({
      status: "altered",
      message: ALTERED_MESSAGE,
      details: { sha256: sha256Hex("just some notes"), bytes: 15 },
    });
    const json = new File(['{"hello": 1}'], "notes.json", { type: "application/json" });
    expect(await (await api(form({ file: json }), { type: "" })).json()).toEqual({
      status: "not-a-kit",
      message: "This file is not a Kestrel evidence kit",
      details: {},
    });
  });

  it("refuses uploads over 5 MB (413), other types (415) and an empty form (400)", async () => {
    // A file of exactly 5 MB is read; one byte more is refused.
    const largest = new File(["x".repeat(5 * 1024 * 1024)], "kit.json");
    expect(await (await api(form({ file: largest }), { type: "" })).json()).toMatchObject({
      status: "altered",
    });
    const big = new File(["x".repeat(5 * 1024 * 1024 + 1)], "big.json");
    const tooLarge = await api(form({ file: big }), { type: "" });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe(
      "payload_too_large",
    );
    expect((await api(`"${"x".repeat(5 * 1024 * 1024)}"`)).status).toBe(413);
    expect((await api("hello", { type: "text/plain" })).status).toBe(415);
    expect((await api(form({}), { type: "" })).status).toBe(400);
  });

  it("limits checks per address (429 with Retry-After)", async () => {
    const ip = freshIp();
    const body = () => JSON.stringify({ evidenceId: "EV-0000-0000-0000-0000" });
    for (let i = 0; i < VERIFY_EVIDENCE_RATE_LIMIT.limit; i += 1) {
      expect((await api(body(), { ip })).status).toBe(200);
    }
    const refused = await api(body(), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await api(body())).status).toBe(200);
  });
});

describe("the /evidence/verify page's form", () => {
  const page = (body: BodyInit, ip = freshIp()) =>
    callAction(pageAction, request("/evidence/verify", body), ip);

  it("answers the check on the page, and says in words what went wrong", async () => {
    const stored = await record();
    expect((await page(form({ evidenceId: stored.evidenceId }))).data).toMatchObject({
      verification: { status: "verified", details: { evidenceId: stored.evidenceId } },
      error: null,
    });
    const big = new File(["x".repeat(5 * 1024 * 1024 + 1)], "big.pdf");
    const tooLarge = await page(form({ file: big }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data).toEqual({ verification: null, error: "tooLarge" });
    expect((await page(form({ evidenceId: " " }))).data).toEqual({
      verification: null,
      error: "nothing",
    });
  });

  it("answers a linked check over the limit with 429 and when to come back, as the API does", async () => {
    const stored = await record();
    const ip = freshIp();
    const open = () =>
      answerOf(() =>
        pageLoader({
          request: new Request(`http://localhost/evidence/verify?evidenceId=${stored.evidenceId}`),
          context: contextFor(ip),
          params: {},
        } as never),
      );
    for (let i = 0; i < VERIFY_EVIDENCE_RATE_LIMIT.limit; i += 1) {
      expect((await open()).status).toBe(200);
    }
    const refused = await open();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({ linked: { error: "rateLimited" } });
  });
});
