import { execFile } from "node:child_process";
import { type KeyObject, createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { base64urlnopad } from "@scure/base";
import { Window } from "happy-dom";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type PublicJwk, canonicalJson, keyIdOf } from "~/platform/lib/signing.server";
import { attachKit, kitFromPdf } from "./pdf-embed.server";
import { recordKeyOf, seal } from "./personal.server";
import {
  type Envelope,
  type EvidenceKit,
  GENESIS_HASH,
  KIT_FORMAT,
  evidenceIdOf,
  hashCanonical,
} from "./record.server";
import { verifierHtml, verifierScript } from "./standalone.server";
import { type VerifierData, assembleVerifier } from "./standalone/assemble";
import coreText from "./standalone/verifier-core.js?raw";
import scriptTemplate from "./standalone/verify-evidence.mjs?raw";
import htmlTemplate from "./standalone/verify.html?raw";
import type { Verifier } from "./standalone/verifier-core.js";

// The stand-alone verifiers as an examiner uses them: the Node script written into an empty
// folder and run with `node`, and the core loaded from its raw text, as both files paste it.

const core = new Function(`${coreText}; return KestrelVerifier;`)() as Verifier;

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const keyId = keyIdOf(publicKey);
  const jwk: PublicJwk = {
    ...(publicKey.export({ format: "jwk" }) as { kty: "OKP"; crv: "Ed25519"; x: string }),
    kid: keyId,
    use: "sig",
    alg: "EdDSA",
  };
  return { privateKey, keyId, jwk };
}

const kestrel = keyPair();
const stranger = keyPair();

function kitOf(
  envelope: Envelope,
  key: { privateKey: KeyObject; keyId: string } = kestrel,
): EvidenceKit {
  const canonical = canonicalJson(envelope);
  const hash = hashCanonical(canonical);
  const signature = base64urlnopad.encode(sign(null, Buffer.from(canonical), key.privateKey));
  return {
    format: KIT_FORMAT,
    evidenceId: evidenceIdOf(hash),
    hash,
    envelope,
    signature: { keyId: key.keyId, signature, algorithm: "Ed25519" },
    chain: {
      organisation: envelope.organisation,
      sequence: envelope.sequence,
      prevHash: envelope.prevHash,
    },
  };
}

function attemptEnvelope(sequence = 1, prevHash = GENESIS_HASH): Envelope {
  return {
    version: 1,
    organisation: 7,
    sequence,
    prevHash,
    kind: "aml-attempt",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T10:00:00.000Z",
      content: {
        attempt: { id: 41, mode: "guided" },
        learner: { name: "Siti Nurhaliza", email: "siti@example.com" },
        scenarioSnapshot: { title: "Structured cash deposits" },
        learnerActions: [{ action: "decision", value: "escalate" }],
        gradingSummary: { score: 22, percent: 88, band: "Proficient" },
        timeOnTask: {
          startedAt: "2026-11-23T09:40:00.000Z",
          completedAt: "2026-11-23T10:00:00.000Z",
          seconds: 1200,
        },
      },
    },
  };
}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const encode = (text: string) => new TextEncoder().encode(text);

/** A `file-issued` record listing the files' exact bytes. */
function registryOf(files: { name: string; bytes: Uint8Array }[], sequence = 9) {
  return kitOf({
    version: 1,
    organisation: 7,
    sequence,
    prevHash: "ab".repeat(32),
    kind: "file-issued",
    payload: {
      jurisdiction: null,
      mode: "file-issued",
      packVersion: null,
      timestamp: "2026-11-24T08:00:00.000Z",
      content: {
        files: files.map((file) => ({
          name: file.name,
          format: file.name.slice(file.name.lastIndexOf(".") + 1),
          sha256: sha256(file.bytes),
          bytes: file.bytes.byteLength,
        })),
        holds: [],
        description: "Files handed to an examiner",
      },
    },
  });
}

const VISIBLE_SCORE = "Siti Nurhaliza scored 88% (Proficient)";

/** An evidence PDF as Kestrel makes one: a page with visible text and the kit attached. */
async function evidencePdf(kit: EvidenceKit, useObjectStreams = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  // The visible text goes in an uncompressed content stream, so a test can change one byte of it.
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const fontName = page.node.newFontDictionary("F", font.ref);
  const content = pdf.context.stream(`BT ${fontName} 14 Tf 50 700 Td (${VISIBLE_SCORE}) Tj ET`);
  page.node.addContentStream(pdf.context.register(content));
  await attachKit(pdf, kit);
  return pdf.save({ useObjectStreams });
}

function changeByte(bytes: Uint8Array, at: number, to: string): Uint8Array {
  const changed = new Uint8Array(bytes);
  changed[at] = to.charCodeAt(0);
  return changed;
}

function dataWith(
  registries: VerifierData["registries"] = [],
  keys: PublicJwk[] = [kestrel.jwk],
): VerifierData {
  return {
    keys,
    registries,
    issuer: { name: "Kestrel", url: "https://kestrel.example" },
    generatedAt: "2026-11-24T09:00:00.000Z",
  };
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "kestrel-verifier-"));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the script and the files into a fresh folder and runs `node verify-evidence.mjs`. */
async function runScript(
  data: VerifierData,
  files: Record<string, Uint8Array | string>,
  args: string[] = Object.keys(files),
) {
  const cwd = await mkdtemp(path.join(folder, "run-"));
  await writeFile(path.join(cwd, "verify-evidence.mjs"), verifierScript(data));
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(cwd, name), bytes);
  const started = performance.now();
  return new Promise<{ code: number; stdout: string; stderr: string; ms: number }>((resolve) => {
    execFile(
      process.execPath,
      ["verify-evidence.mjs", ...args],
      // No APP_URL or anything else of Kestrel's: the script must need none of it.
      { cwd, env: { PATH: process.env.PATH ?? "" }, timeout: 20_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - started });
      },
    );
  });
}

const genuine: EvidenceKit = kitOf(attemptEnvelope());
const kitJson = JSON.stringify(genuine, null, 2);

describe("the Node script, run on its own in an empty folder", () => {
  test("a genuine kit is verified, with the learner and the score it signs", async () => {
    const run = await runScript(dataWith(), { "kit.json": kitJson });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[Verified] Evidence record");
    expect(run.stdout).toContain(genuine.evidenceId);
    expect(run.stdout).toContain("Siti Nurhaliza");
    expect(run.stdout).toContain("88% (Proficient)");
    expect(run.stdout).toContain("decision: escalate");
    expect(run.stderr).toBe("");
  });

  test("a learner's sealed fields are opened with the key the kit carries, and only then", async () => {
    // As the server signs them (personal.server.ts): sealed with the learner's secret.
    const secret = randomBytes(32);
    const envelope = attemptEnvelope();
    const learner = envelope.payload.content.learner;
    const sealed = seal(learner, secret);
    envelope.payload.content.learner = sealed;
    const kit = kitOf(envelope);
    const key = base64urlnopad.encode(recordKeyOf(sealed.sealed, secret) ?? new Uint8Array());
    const opened = await runScript(dataWith(), {
      "kit.json": JSON.stringify({ ...kit, unseal: [{ path: "learner", key }] }),
    });
    expect(opened.code).toBe(0);
    expect(opened.stdout).toContain("Siti Nurhaliza <siti@example.com> (opened with the key");
    // Without the key (or with another record's), the name stays sealed; the record still verifies.
    const other = base64urlnopad.encode(randomBytes(32));
    for (const unseal of [undefined, [{ path: "learner", key: other }]]) {
      const run = await runScript(dataWith(), { "kit.json": JSON.stringify({ ...kit, unseal }) });
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain("Siti Nurhaliza");
      expect(run.stdout).toContain("sealed personal data");
    }
    // Erased on the server: a kit handed out after it carries no key, and says so.
    const erased = kitOf({
      ...envelope,
      payload: {
        ...envelope.payload,
        content: { ...envelope.payload.content, learner: { erased: true } },
      },
    });
    const run = await runScript(dataWith(), { "kit.json": JSON.stringify(erased) });
    expect(run.stdout).toContain("personal data erased");
  });

  test("a changed score is tampered, naming the hash", async () => {
    const changed = JSON.parse(kitJson) as EvidenceKit;
    (changed.envelope.payload.content.gradingSummary as { percent: number }).percent = 98;
    const run = await runScript(dataWith(), { "kit.json": JSON.stringify(changed) });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("[Tampered]");
    expect(run.stdout).toMatch(/hash does not match/);
    expect(run.stdout).toContain("do NOT verify");
  });

  test("the same kit re-formatted, keys in another order, still verifies", async () => {
    const reordered = Object.fromEntries(Object.entries(genuine).reverse());
    reordered.envelope = Object.fromEntries(Object.entries(genuine.envelope).reverse());
    const run = await runScript(dataWith(), { "kit.json": JSON.stringify(reordered, null, "\t") });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[Verified]");
  });

  test("a kit signed by a key it was not given is reported as an unknown key", async () => {
    const foreign = kitOf(attemptEnvelope(), stranger);
    const run = await runScript(dataWith(), { "kit.json": JSON.stringify(foreign) });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("[Unknown key]");
    // A JWKS given beside it adds the key, and the same kit verifies.
    const jwks = JSON.stringify({ keys: [stranger.jwk] });
    const withKey = await runScript(
      dataWith(),
      {
        "kit.json": JSON.stringify(foreign),
        "their-keys.json": jwks,
      },
      ["kit.json", "--jwks", "their-keys.json"],
    );
    expect(withKey.stdout).toContain("[Verified]");
    expect(withKey.code).toBe(0);
  });

  test("an evidence PDF whose bytes are registered is issued, and its signed content shown", async () => {
    const pdf = await evidencePdf(genuine);
    const registry = registryOf([{ name: "EV-report.pdf", bytes: pdf }]);
    const run = await runScript(dataWith([registry]), { "report.pdf": pdf });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[Issued]");
    expect(run.stdout).toContain(`registered in ${registry.evidenceId}`);
    expect(run.stdout).toContain("Siti Nurhaliza");
    expect(run.stdout).toContain("88% (Proficient)");
  });

  test("one changed byte of the PDF's visible text: altered, and the kit inside still shown", async () => {
    const pdf = await evidencePdf(genuine);
    const registry = registryOf([{ name: "EV-report.pdf", bytes: pdf }]);
    const at = Buffer.from(pdf).indexOf("scored 88%") + "scored ".length;
    expect(at).toBeGreaterThan(10);
    const changed = changeByte(pdf, at, "9");
    const run = await runScript(dataWith([registry]), { "report.pdf": changed });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("[Altered or not issued]");
    expect(run.stdout).toContain("altered after issue, or not issued by Kestrel");
    expect(run.stdout).toContain("the evidence kit inside verifies");
    expect(run.stdout).toContain("compare them with the signed content shown");
    expect(run.stdout).toContain("88% (Proficient)");
  });

  test("a registered CSV is issued; one changed cell and it is altered", async () => {
    const csv = encode("evidence_id,learner,percent\r\nEV-1,Siti Nurhaliza,88\r\n");
    const registry = registryOf([{ name: "register.csv", bytes: csv }]);
    const issued = await runScript(dataWith([registry]), { "register.csv": csv });
    expect(issued.code).toBe(0);
    expect(issued.stdout).toContain("[Issued]");
    expect(issued.stdout).toContain("Issued as register.csv");
    const changed = encode("evidence_id,learner,percent\r\nEV-1,Siti Nurhaliza,98\r\n");
    const altered = await runScript(dataWith([registry]), { "register.csv": changed });
    expect(altered.code).toBe(1);
    expect(altered.stdout).toContain("[Altered or not issued]");
    expect(altered.stdout).toContain("Not found in the registries given");
    // The keys and the registry given as files instead of built in.
    const given = await runScript(
      dataWith([], []),
      {
        "register.csv": csv,
        "keys.json": JSON.stringify({ keys: [kestrel.jwk] }),
        "registry.json": JSON.stringify(registry),
      },
      ["register.csv", "--jwks", "keys.json", "--issued", "registry.json"],
    );
    expect(given.stdout).toContain("[Issued]");
    expect(given.code).toBe(0);
  });

  test("jwks.json and issued-files.json beside the script are used, as in an audit package", async () => {
    const csv = encode("a,b\r\n1,2\r\n");
    const registry = registryOf([{ name: "manifest.csv", bytes: csv }]);
    const run = await runScript(
      dataWith([], []),
      {
        "jwks.json": JSON.stringify({ keys: [kestrel.jwk] }),
        "issued-files.json": JSON.stringify(registry, null, 2),
        "manifest.csv": csv,
      },
      ["manifest.csv"],
    );
    expect(run.stdout).toContain("[Issued]");
    expect(run.stdout).toContain("Keys: 1 usable. File registries: 1 verified.");
    // The registry is a record of the chain, but only the files checked are followed as one.
    expect(run.stdout).not.toContain("Chains");
    expect(run.code).toBe(0);
  });

  test("three records of a chain link; with the middle one missing or swapped, it is broken", async () => {
    const first = kitOf(attemptEnvelope(1));
    const second = kitOf(attemptEnvelope(2, first.hash));
    const third = kitOf(attemptEnvelope(3, second.hash));
    const files = {
      "3.json": JSON.stringify(third),
      "1.json": JSON.stringify(first),
      "2.json": JSON.stringify(second),
    };
    const linked = await runScript(dataWith(), files);
    expect(linked.stdout).toContain("[Linked] Organisation 7, records 1 to 3 (3 given)");
    expect(linked.code).toBe(0);

    const missing = await runScript(dataWith(), files, ["1.json", "3.json"]);
    expect(missing.stdout).toContain("[Broken]");
    expect(missing.stdout).toContain("Record 2 is missing between records 1 and 3");

    // A genuine record 2 of another run of the chain, signed by the same key.
    const other = kitOf(attemptEnvelope(2, "cd".repeat(32)));
    const swapped = await runScript(dataWith(), { ...files, "2.json": JSON.stringify(other) });
    expect(swapped.stdout).toContain("[Broken]");
    expect(swapped.stdout).toContain("Record 2 does not follow record 1");
  });

  test("a file nested 2.5 million levels deep is refused at once", async () => {
    const deep = "[".repeat(2_500_000) + "]".repeat(2_500_000);
    const run = await runScript(dataWith(), { "deep.json": deep });
    expect(run.stdout).toContain("[Refused]");
    expect(run.stdout).toContain("deeper than 64 levels");
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(2000);
  });

  test("usage errors exit 2: no files, or a file that cannot be read", async () => {
    const none = await runScript(dataWith(), {}, []);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: node verify-evidence.mjs FILE...");
    const unreadable = await runScript(dataWith(), {}, ["no-such-file.pdf"]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain("Cannot read no-such-file.pdf");
  });
});

describe("the verification core", () => {
  const data = dataWith();

  test("refuses the 2.5-million-level file at about the cost of its fingerprint", async () => {
    const deep = encode("[".repeat(2_500_000) + "]".repeat(2_500_000));
    // The fingerprint is work every file gets; the machine is shared, so the refusal is measured
    // against it, in the same moment (4 to 14 ms in all on a quiet machine).
    const hashing = performance.now();
    await crypto.subtle.digest("SHA-256", deep);
    const fingerprint = performance.now() - hashing;
    const started = performance.now();
    const result = await core.verifyFiles([{ name: "deep.json", bytes: deep }], data);
    const ms = performance.now() - started;
    expect(result.files[0]?.status).toBe("refused");
    expect(ms).toBeLessThan(fingerprint * 6 + 50);
  });

  test("refuses files over 5 MiB unless their bytes are registered", async () => {
    const big = new Uint8Array(core.MAX_BYTES + 1).fill(0x20);
    big[0] = 0x7b;
    const refused = await core.verifyFiles([{ name: "big.json", bytes: big }], data);
    expect(refused.files[0]?.status).toBe("refused");
    const registered = registryOf([{ name: "big.json", bytes: big }]);
    const issued = await core.verifyFiles(
      [{ name: "big.json", bytes: big }],
      dataWith([registered]),
    );
    expect(issued.files[0]?.status).toBe("issued");
  });

  test("reads the kit attached to a pdf-lib PDF, with and without object streams", async () => {
    for (const useObjectStreams of [true, false]) {
      const pdf = await evidencePdf(genuine, useObjectStreams);
      // The server's own reader finds the same kit: the core reads what pdf-lib writes.
      expect(await kitFromPdf(pdf)).toEqual(genuine);
      const [report] = (await core.verifyFiles([{ name: "a.pdf", bytes: pdf }], data)).files;
      expect(report?.kit?.evidenceId).toBe(genuine.evidenceId);
      expect(report?.kitStatus).toBe("verified");
      expect(report?.status).toBe("altered");
    }
  });

  test("names each field a kit was tampered in, as the server's checkKit does", async () => {
    const check = async (kit: unknown) => {
      const bytes = encode(JSON.stringify(kit));
      const [report] = (await core.verifyFiles([{ name: "kit.json", bytes }], data)).files;
      return [report?.status, report?.problem?.field];
    };
    expect(await check(genuine)).toEqual(["verified", undefined]);
    expect(await check({ ...genuine, evidenceId: "EV-0000-0000-0000-0000" })).toEqual([
      "tampered",
      "evidenceId",
    ]);
    expect(await check({ ...genuine, chain: { ...genuine.chain, sequence: 9 } })).toEqual([
      "tampered",
      "chain.sequence",
    ]);
    const forged = kitOf(attemptEnvelope(), {
      privateKey: stranger.privateKey,
      keyId: kestrel.keyId,
    });
    expect(await check(forged)).toEqual(["tampered", "signature"]);
    // A signature whose last character carries stray bits is refused, as @scure/base does.
    const last = genuine.signature.signature.at(-1) === "A" ? "B" : "A";
    const stray = {
      ...genuine.signature,
      signature: genuine.signature.signature.slice(0, -1) + last,
    };
    expect((await check({ ...genuine, signature: stray }))[0]).toBe("tampered");
    expect(await check({ format: KIT_FORMAT })).toEqual(["not-a-kit", undefined]);
    // A number JSON cannot carry (1e400 reads as Infinity) has no canonical form: not genuine.
    const huge = kitJson.replace('"percent": 88', '"percent": 1e400');
    const [report] = (await core.verifyFiles([{ name: "kit.json", bytes: encode(huge) }], data))
      .files;
    expect([report?.status, report?.problem?.field]).toEqual(["tampered", "hash"]);
  });

  test("a kit's JSON is judged by its signature, and its registered bytes noted", async () => {
    const bytes = encode(kitJson);
    const registry = registryOf([{ name: "records/1.json", bytes }]);
    const [report] = (await core.verifyFiles([{ name: "1.json", bytes }], dataWith([registry])))
      .files;
    expect(report?.status).toBe("verified");
    expect(report?.issuedAs?.evidenceId).toBe(registry.evidenceId);
    expect(report?.message).toContain("also the file records/1.json Kestrel issued");
  });

  test("a key whose id is not its thumbprint verifies nothing", async () => {
    const bytes = encode(kitJson);
    const mislabelled = { ...stranger.jwk, kid: kestrel.keyId };
    const result = await core.verifyFiles(
      [{ name: "kit.json", bytes }],
      dataWith([], [mislabelled]),
    );
    expect(result.files[0]?.status).toBe("unknown-key");
    expect(result.keys).toBe(0);
  });

  test("a registry that does not verify is not used", async () => {
    const csv = encode("a,b\r\n");
    const registry = registryOf([{ name: "a.csv", bytes: csv }]);
    const forgedContent = JSON.parse(JSON.stringify(registry)) as typeof registry;
    forgedContent.envelope.payload.content.description = "changed";
    const result = await core.verifyFiles(
      [{ name: "a.csv", bytes: csv }],
      dataWith([forgedContent]),
    );
    expect(result.files[0]?.status).toBe("altered");
    expect(result.registries).toBe(0);
    expect(result.notes[0]).toContain("was not used: it is tampered");
  });

  test("summarises what an examiner compares: learner, title, score, answers, time", async () => {
    const [report] = (await core.verifyFiles([{ name: "kit.json", bytes: encode(kitJson) }], data))
      .files;
    expect(report?.kit).toBeTruthy();
    if (!report?.kit) return;
    const facts = Object.fromEntries(
      core.summarise(report.kit).map((fact) => [fact.label, fact.value]),
    );
    expect(facts).toMatchObject({
      Learner: "Siti Nurhaliza <siti@example.com>",
      Title: "Structured cash deposits",
      Score: "88% (Proficient)",
      Answers: ["decision: escalate"],
      "Evidence id": genuine.evidenceId,
      Kind: "aml-attempt",
    });
    expect(facts["Time on task"]).toContain("1200 seconds in all");
  });

  test("every file gets a report, whatever its bytes", async () => {
    const odd = [
      new Uint8Array(0),
      encode("{"),
      encode("%PDF-1.7\n1 0 obj << /Type /EmbeddedFile /Length 999999 >>\nstream\nxx"),
      encode(`%PDF-1.7\n${"1 0 obj <<(".repeat(20_000)}`),
      encode("[1e400]"),
      new Uint8Array(1000).map((_, index) => index % 256),
    ];
    const result = await core.verifyFiles(
      odd.map((bytes, index) => ({ name: `odd-${index}`, bytes })),
      null,
    );
    expect(result.files.map((report) => report.status)).toEqual([
      "altered",
      "not-a-kit",
      "altered",
      "altered",
      "not-a-kit",
      "altered",
    ]);
    for (const report of result.files) expect(report.message).toMatch(/\.$/);
  });
});

describe("the templates", () => {
  test("load nothing from anywhere: no fetch, no network imports, no external resources", () => {
    for (const template of [htmlTemplate, scriptTemplate, coreText]) {
      expect(template).not.toContain("fetch(");
      expect(template).not.toMatch(/import\s[^;]*["'](https?:|node:https?)/);
      expect(template).not.toMatch(/from\s+["']node:(http|https|net|dgram|tls)["']/);
      expect(template).not.toMatch(/<link\b/i);
      expect(template).not.toMatch(/\ssrc\s*=/i);
      expect(template).not.toMatch(/\burl\(/i);
      expect(template).not.toMatch(/XMLHttpRequest|WebSocket|EventSource|sendBeacon/);
    }
    // The script imports only Node's built-ins.
    const imports = [...scriptTemplate.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const source of imports) expect(source).toMatch(/^node:(fs\/promises|path|url|util)$/);
  });

  test("the page is one accessible document with its data and core in place", () => {
    const html = verifierHtml(dataWith([registryOf([])]));
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<label for="files">');
    expect(html).toContain('<input id="files" type="file" multiple');
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain("@@KESTREL");
    // The page's script compiles once assembled.
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(scripts).toHaveLength(1);
    expect(() => new Function(scripts[0] ?? "")).not.toThrow();
    expect(scripts[0]).toContain('"generatedAt":"2026-11-24T09:00:00.000Z"');
  });
});

describe("the page", () => {
  test("shows each file's status in words, its signed facts and the chain", async () => {
    const window = new Window({
      url: "file:///home/examiner/verify.html",
      settings: {
        enableJavaScriptEvaluation: true,
        suppressCodeGenerationFromStringsWarning: true,
      },
    });
    // happy-dom has no WebCrypto or DecompressionStream of its own; browsers have both.
    for (const name of ["crypto", "DecompressionStream", "Blob", "TextDecoder", "TextEncoder"]) {
      Object.defineProperty(window, name, { value: globalThis[name as keyof typeof globalThis] });
    }
    const second = kitOf(attemptEnvelope(2, genuine.hash));
    const { document } = window;
    document.write(verifierHtml(dataWith([registryOf([])])));
    expect(document.getElementById("built-in")?.textContent).toContain(
      "1 public key and 1 file registry",
    );
    const input = document.getElementById("files");
    const files = [
      new window.File([kitJson], "kit.json"),
      new window.File([JSON.stringify(second)], "second.json"),
      new window.File(["[".repeat(100) + "]".repeat(100)], "deep.json"),
    ];
    Object.defineProperty(input, "files", { value: files });
    input?.dispatchEvent(new window.Event("change"));
    const summary = document.getElementById("summary");
    for (let wait = 0; wait < 100 && !summary?.textContent?.includes("checked"); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(summary?.textContent).toBe("3 files checked: 2 verified, 1 refused.");
    const cards = [...document.querySelectorAll("#results > li")].map((card) => card.textContent);
    expect(cards[0]).toContain("Verified");
    expect(cards[0]).toContain("Siti Nurhaliza <siti@example.com>");
    expect(cards[0]).toContain("88% (Proficient)");
    expect(cards[2]).toContain("Refused");
    expect(document.getElementById("chains")?.textContent).toContain("Linked");
    await window.happyDOM.close();
  });
});

describe("assembleVerifier", () => {
  const hostile = {
    ...dataWith(),
    issuer: { name: "</script><script>alert(1)</script>", url: "<!-- \u2028 $& $1" },
  };

  test("data cannot end the script element, and reads back as it was", () => {
    const html = assembleVerifier(htmlTemplate, coreText, hostile);
    const body = html.slice(html.indexOf("<script>") + "<script>".length);
    expect(body.indexOf("</script>")).toBe(body.lastIndexOf("</script>"));
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<!-- \u2028");
    const json = /const DATA = (.*);\n/.exec(body)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual(hostile);
  });

  test("the script's data reads back as it was, `$` patterns and all", () => {
    const script = assembleVerifier(scriptTemplate, coreText, hostile);
    expect(script).toContain("\\u003c/script>");
    expect(script).toContain(JSON.stringify("$& $1").slice(1, -1));
  });

  test("a template without its markers is refused", () => {
    expect(() => assembleVerifier("<script></script>", coreText, dataWith())).toThrow(/marker/);
    expect(() => assembleVerifier("/*@@KESTREL_CORE@@*/", coreText, dataWith())).toThrow(
      /KESTREL_DATA/,
    );
    expect(() => assembleVerifier(htmlTemplate, "x = '</script>'", dataWith())).toThrow();
  });
});
