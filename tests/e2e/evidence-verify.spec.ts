import { execFile } from "node:child_process";
import { createHash, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import canonicalize from "canonicalize";
import { E2E_DATABASE, E2E_PORT } from "../../playwright.config";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The public evidence check (/evidence/verify) as a visitor and an examiner meet it, and the two
// command-line tools: the offline kit check and the chain audit. Kits here are made the way the
// kit format says (docs/decisions/023-evidence.md), signed with a key of the test's own.

const run = promisify(execFile);

const canonical = (value: unknown) => canonicalize(value) ?? "";
const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** A signing key of the test's own: one this server has never published. */
function testKey() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const { x } = publicKey.export({ format: "jwk" });
  const kid = sha256(canonical({ crv: "Ed25519", kty: "OKP", x })).toString("base64url");
  return { privateKey, jwk: { kty: "OKP", crv: "Ed25519", x, kid, use: "sig", alg: "EdDSA" } };
}

type TestKey = ReturnType<typeof testKey>;

function envelopeAt(organisation: number, sequence: number, prevHash: string, percent = 88) {
  return {
    version: 1,
    organisation,
    sequence,
    prevHash,
    kind: "aml-attempt",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T10:00:00.000Z",
      content: { gradingSummary: { percent } } as Record<string, unknown>,
    },
  };
}

function kitOf(envelope: ReturnType<typeof envelopeAt>, key: TestKey) {
  const hash = sha256(canonical(envelope)).toString("hex");
  const evidenceId = `EV-${hash.slice(0, 16).toUpperCase().match(/.{4}/g)?.join("-")}`;
  const signature = sign(null, Buffer.from(canonical(envelope)), key.privateKey);
  return {
    format: "kestrel-evidence/1",
    evidenceId,
    hash,
    envelope,
    signature: {
      keyId: key.jwk.kid,
      signature: signature.toString("base64url"),
      algorithm: "Ed25519",
    },
    chain: {
      organisation: envelope.organisation,
      sequence: envelope.sequence,
      prevHash: envelope.prevHash,
    },
  };
}

const GENESIS = "0".repeat(64);

test.describe("the evidence verification page", () => {
  test("an unknown evidence id is said to be unknown, by keyboard, and the page is accessible", async ({
    page,
  }) => {
    await page.goto("/evidence/verify");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify an evidence record");
    await expectAccessible(page);
    await page.getByLabel("Evidence id").fill("ev-0000-0000-0000-0000");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("evidence-status")).toHaveText("Unknown");
    // The answer takes the focus, so a keyboard or screen reader user is taken to it.
    await expect(page.getByTestId("evidence-result")).toBeFocused();
    await expect(page.getByText("No such evidence record is held here.")).toBeVisible();
    await expectAccessible(page);
  });

  test("a file Kestrel never issued is said to be not issued, or altered", async ({ page }) => {
    await page.goto("/evidence/verify");
    await waitForHydration(page);
    const notes = Buffer.from("meeting notes, not evidence");
    await page.getByLabel(/Evidence file/).setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: notes,
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("evidence-status")).toHaveText(
      "Not issued by Kestrel, or altered",
    );
    // The fingerprint it was looked up by, for the examiner's notes.
    await expect(page.getByTestId("evidence-result")).toContainText(
      createHash("sha256").update(notes).digest("hex"),
    );
    await expectAccessible(page);

    // Dropped on the card, a file is checked at once.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(["dropped notes"], "dropped.txt", { type: "text/plain" }));
      return transfer;
    });
    await page.getByTestId("evidence-drop").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(page.getByTestId("evidence-result")).toContainText(
      createHash("sha256").update("dropped notes").digest("hex"),
    );
  });

  test("a kit signed by another key is said to be signed by a key this server does not know", async ({
    page,
  }) => {
    const kit = kitOf(envelopeAt(1, 1, GENESIS), testKey());
    await page.goto("/evidence/verify");
    await waitForHydration(page);
    await page.getByLabel(/Evidence file/).setInputFiles({
      name: "evidence.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(kit)),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("evidence-status")).toHaveText(
      "Signed by a key this server does not know",
    );
    await expect(page.getByTestId("evidence-result")).toContainText(kit.signature.keyId);
    await expectAccessible(page);
  });

  test("a large kit is read whole, through the page and the API; a file over 5 MB is refused", async ({
    page,
    request,
  }) => {
    const envelope = envelopeAt(2, 1, GENESIS);
    const kit = kitOf(
      { ...envelope, payload: { ...envelope.payload, content: { notes: "n".repeat(3_000_000) } } },
      testKey(),
    );
    await page.goto("/evidence/verify");
    await waitForHydration(page);
    await page.getByLabel(/Evidence file/).setInputFiles({
      name: "evidence.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(kit)),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("evidence-status")).toHaveText(
      "Signed by a key this server does not know",
    );

    const upload = (bytes: number) =>
      request.post("/api/evidence/verify", {
        multipart: {
          file: { name: "kit.json", mimeType: "application/json", buffer: Buffer.alloc(bytes, 32) },
        },
      });
    const largest = await upload(5 * 1024 * 1024);
    expect(largest.status()).toBe(200);
    expect(await largest.json()).toMatchObject({ status: "altered" });
    const tooLarge = await upload(5 * 1024 * 1024 + 1);
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  test("ten hostile uploads at once are each refused with the reason, and the server stays responsive", async ({
    request,
  }) => {
    // 2.5 million levels of brackets: under the 5 MB limit, and fatal to anything that recurses.
    const hostile = Buffer.from(`${"[".repeat(2_500_000)}${"]".repeat(2_500_000)}`);
    const asBody = () =>
      request.post("/api/evidence/verify", {
        headers: { "Content-Type": "application/json" },
        data: hostile,
      });
    const asFile = () =>
      request.post("/api/evidence/verify", {
        multipart: { file: { name: "kit.json", mimeType: "application/json", buffer: hostile } },
      });
    let answered = false;
    const refusals = Promise.all(
      Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? asBody() : asFile())),
    ).finally(() => (answered = true));
    // The health check, asked again and again while they are answered, is never kept waiting
    // behind them (before the limits, one such request held a worker for 20 s).
    const waits: number[] = [];
    do {
      const started = Date.now();
      expect((await request.get("/healthz")).ok()).toBe(true);
      waits.push(Date.now() - started);
    } while (!answered);
    expect(Math.max(...waits)).toBeLessThan(2000);
    for (const response of await refusals) {
      expect(response.status()).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("JSON nests deeper than 64 levels.");
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the forms still post and answer", async ({ page }) => {
      await page.goto("/evidence/verify");
      await page.getByLabel("Evidence id").fill("EV-FFFF-0000-FFFF-0000");
      await page.getByRole("button", { name: "Look it up" }).click();
      await expect(page.getByTestId("evidence-status")).toHaveText("Unknown");
      await page.getByLabel(/Evidence file/).setInputFiles({
        name: "kit.json",
        mimeType: "application/json",
        buffer: Buffer.from("{}"),
      });
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByTestId("evidence-status")).toHaveText(
        "This file is not a Kestrel evidence kit",
      );
    });
  });
});

test.describe("npm run verify-evidence", () => {
  let dir = "";
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kestrel-kit-"));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const verify = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout } = await run(process.execPath, ["scripts/verify-evidence.js", ...args], {
        env: { PATH: process.env.PATH ?? "", ...env },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  };

  test("verifies a kit with a key file alone, and names a changed byte", async () => {
    const key = testKey();
    const kit = kitOf(envelopeAt(3, 7, GENESIS), key);
    const kitFile = path.join(dir, "kit.json");
    const jwksFile = path.join(dir, "jwks.json");
    writeFileSync(kitFile, JSON.stringify(kit, null, 2));
    writeFileSync(jwksFile, JSON.stringify({ keys: [key.jwk] }));
    // No database, no server and no build: nothing but the file and the keys.
    const genuine = await verify([kitFile, "--jwks", jwksFile], {
      DATABASE_URL: "/nonexistent/x.db",
    });
    expect(genuine.code).toBe(0);
    expect(genuine.output).toContain("[Verified]");
    expect(genuine.output).toContain(kit.evidenceId);
    writeFileSync(kitFile, JSON.stringify(kit, null, 2).replace('"percent": 88', '"percent": 98'));
    const changed = await verify([kitFile, "--jwks", jwksFile]);
    expect(changed.code).toBe(1);
    expect(changed.output).toContain("[Tampered]");
    writeFileSync(kitFile, "not a kit");
    const stray = await verify([kitFile, "--jwks", jwksFile]);
    expect(stray.code).toBe(1);
    expect(stray.output).toContain("[Altered or not issued]");
  });

  test("without a key file it asks no server: a kit's key is simply unknown", async () => {
    const kit = kitOf(envelopeAt(3, 8, GENESIS), testKey());
    const kitFile = path.join(dir, "kit.json");
    writeFileSync(kitFile, JSON.stringify(kit));
    const answer = await verify([kitFile], { APP_URL: `http://127.0.0.1:${E2E_PORT}` });
    expect(answer.code).toBe(1);
    expect(answer.output).toContain("[Unknown key]");
    expect(answer.output).toContain(kit.signature.keyId);
    expect((await verify([])).code).toBe(2);
  });
});

test.describe("the stand-alone verifier page", () => {
  let dir = "";
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kestrel-standalone-"));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("downloaded from /evidence/verify, it verifies from disk with the network off", async ({
    page,
  }) => {
    await page.goto("/evidence/verify");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the verifier page (HTML)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("verify.html");
    const html = path.join(dir, "verify.html");
    await download.saveAs(html);

    const key = testKey();
    const kit = kitOf(envelopeAt(5, 1, GENESIS), key);
    const files = {
      jwks: path.join(dir, "jwks.json"),
      kit: path.join(dir, "kit.json"),
      changed: path.join(dir, "changed.json"),
      deep: path.join(dir, "deep.json"),
    };
    writeFileSync(files.jwks, JSON.stringify({ keys: [key.jwk] }));
    writeFileSync(files.kit, JSON.stringify(kit, null, 2));
    writeFileSync(
      files.changed,
      JSON.stringify(kit, null, 2).replace('"percent": 88', '"percent": 98'),
    );
    writeFileSync(files.deep, `${"[".repeat(2_500_000)}${"]".repeat(2_500_000)}`);

    await page.context().setOffline(true);
    await page.goto(pathToFileURL(html).href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kestrel evidence verifier");
    // The server's public keys came with it.
    await expect(page.locator("#built-in")).not.toContainText("no keys");
    await page.getByLabel("Files to check").setInputFiles(Object.values(files));
    const card = (name: string) => page.locator("#results > li").filter({ hasText: name });
    await expect(card("kit.json")).toContainText("Verified");
    await expect(card("kit.json")).toContainText(kit.evidenceId);
    await expect(card("changed.json")).toContainText("Tampered");
    await expect(card("deep.json")).toContainText("Refused");
    await expectAccessible(page);
  });
});

const INSERT_RECORD =
  "insert into evidence_record (organisation_id, sequence, evidence_id, kind, subject, envelope, hash, prev_hash, key_id, signature, created_at) values (@organisation, @sequence, @evidenceId, 'aml-attempt', @subject, @envelope, @hash, @prevHash, @keyId, @signature, @createdAt)";

/** The audit run against a database file, as an operator runs it. */
async function audit(database: string) {
  try {
    const { stdout } = await run(process.execPath, ["scripts/audit-chain.js"], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: database, LOG_LEVEL: "silent" },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

test.describe("npm run audit-chain", () => {
  let dir = "";
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "kestrel-audit-"));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("says every chain holds, then names the first broken record and fails", async () => {
    // A copy of the server's database (its schema, its evidence) with a chain of the test's own.
    const copy = path.join(dir, "kestrel.db");
    const source = new SQLite(E2E_DATABASE, { readonly: true, fileMustExist: true });
    await source.backup(copy);
    source.close();
    const organisation = 900_000 + Math.floor(Math.random() * 99_999);
    const key = testKey();
    const records: Record<string, string | number>[] = [];
    let prevHash = GENESIS;
    for (const sequence of [1, 2, 3]) {
      const kit = kitOf(envelopeAt(organisation, sequence, prevHash, 80 + sequence), key);
      records.push({
        organisation,
        sequence,
        evidenceId: kit.evidenceId,
        subject: `attempt:${randomUUID()}`,
        envelope: canonical(kit.envelope),
        hash: kit.hash,
        prevHash,
        keyId: kit.signature.keyId,
        signature: kit.signature.signature,
        createdAt: kit.envelope.payload.timestamp,
      });
      prevHash = kit.hash;
    }
    const db = new SQLite(copy);
    for (const record of records) db.prepare(INSERT_RECORD).run(record);
    db.prepare(
      "insert into evidence_chain_head (organisation_id, sequence, hash) values (?, 3, ?)",
    ).run(organisation, prevHash);

    const whole = await audit(copy);
    expect(whole.output).toMatch(/\d+ records in \d+ chains\nEvery chain holds/);
    expect(whole.code).toBe(0);

    // An intruder with database access swaps the second record for a changed copy.
    const second = { ...records[1] };
    second.envelope = String(second.envelope).replace('"percent":82', '"percent":100');
    expect(second.envelope).toContain('"percent":100');
    db.prepare("insert into evidence_purge_permit (id, reason) values (1, 'test')").run();
    db.prepare("delete from evidence_record where organisation_id = ? and sequence = 2").run(
      organisation,
    );
    db.prepare(INSERT_RECORD).run(second);
    db.prepare("delete from evidence_purge_permit").run();
    db.close();
    const broken = await audit(copy);
    expect(broken.output).toContain(`Organisation ${organisation}: record 2 is broken (hash)`);
    expect(broken.output).toContain(`found ${second.hash}`);
    expect(broken.code).toBe(1);
  });
});
