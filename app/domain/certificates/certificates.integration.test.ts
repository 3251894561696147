import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { actorOf } from "~/workflows/actor.server";
import { issueEarnedCertificates } from "~/workflows/issue-certificates.server";
import { getCatalogue } from "~/domain/training/index.server";
import { statusListCredential } from "./credential.server";
import { generateKeyPairSync } from "node:crypto";
import {
  canonicalJson,
  currentSigningKey,
  signJson,
  signingKeyFromPem,
  statusListBit,
  verifyDataIntegrityProof,
} from "~/platform/lib/signing.server";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
  contextFor,
} from "../../../tests/integration/call-action";
import { signInForTest } from "../../../tests/integration/auth";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.certificates";
import { loader as exportLoader } from "~/routes/admin.export";
import { loader as apiLoader } from "~/routes/api.certificates";
import { loader as statusLoader } from "~/routes/credentials.status";
import { loader as jwksLoader } from "~/routes/well-known.jwks";
import { loader as credentialLoader } from "~/routes/training.certificate-credential";
import { loader as pdfLoader } from "~/routes/training.certificate-pdf";
import { action as pageAction, loader as pageLoader } from "~/routes/training.certificates";
import { loader as verifyLoader } from "~/routes/verify.code";
import { sitFinal, takeModule as takeFromPage } from "../../../tests/integration/takes";

// Certificates on a real database, as a learner, a stranger with a code and an admin meet them:
// issuance on a pass, the name to print, public verification, revocation, expiry, the credential.
let counter = 0;
const freshIp = () => `192.0.2.${(counter += 1) % 250}`;

const esg = getCatalogue().modules.get("esg-fundamentals-singapore");
if (!esg) throw new Error("The ESG module is missing from the catalogue");

const request = pageRequest;

/** Takes a module (the ESG fundamentals one by default) with the given rightness of each answer. */
async function takeModule(rights: boolean[], cookie: string, module = esg) {
  await takeFromPage(module?.id ?? "", cookie, rights);
}

type Page = {
  signedIn: boolean;
  holderName?: string | null;
  pending?: number;
  certificates?: { code: string; title: string; check: { status: string; verified: boolean } }[];
};
const page = async (cookie = "") =>
  (
    await answerOf(() =>
      pageLoader({ request: request("/training/certificates", { cookie }) } as never),
    )
  ).data as Page;

const saveName = (cookie: string, name: string) =>
  callAction(
    pageAction,
    request("/training/certificates", { cookie, body: new URLSearchParams({ name }) }),
    freshIp(),
  );

const api = (code: string, ip = freshIp()) =>
  answerOf(() =>
    apiLoader({
      request: request(`/api/certificates/${encodeURIComponent(code)}`),
      params: { code },
      context: contextFor(ip),
    } as never),
  );

/** A signed-in learner who passed the ESG module and gave a name: their one certificate's code. */
async function certifiedLearner(name = "Mei Tan") {
  const { cookie } = await signInForTest("holder");
  await takeModule([true, true, true], cookie);
  expect((await saveName(cookie, name)).status).toBe(200);
  const code = (await page(cookie)).certificates?.[0]?.code ?? "";
  expect(code).toMatch(/^VERIFY-[A-Z]{3}\d{6}$/);
  return { cookie, code };
}

const certificateCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("certificate")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("issuance", () => {
  it("asks for the name to print first, then issues one signed certificate for the pass", async () => {
    const { cookie } = await signInForTest("learner");
    await takeModule([true, false, true], cookie);
    expect(await page(cookie)).toMatchObject({
      signedIn: true,
      holderName: null,
      pending: 1,
      certificates: [],
    });
    expect(await certificateCount()).toBe(0);

    const saved = await saveName(cookie, "  สมชาย   ใจดี ");
    expect(saved.data).toMatchObject({ ok: true, name: "สมชาย ใจดี", issued: 1 });
    const after = await page(cookie);
    expect(after).toMatchObject({ holderName: "สมชาย ใจดี", pending: 0 });
    expect(after.certificates).toHaveLength(1);
    expect(after.certificates?.[0]?.check).toMatchObject({ status: "valid", verified: true });
  });

  it("is idempotent: viewing again or passing again in the same year keeps one certificate", async () => {
    const { cookie, code } = await certifiedLearner();
    await takeModule([true, true, true], cookie);
    await page(cookie);
    expect(await certificateCount()).toBe(1);
    expect((await page(cookie)).certificates?.map((held) => held.code)).toEqual([code]);
  });

  it("gives one certificate when the same achievement is issued concurrently", async () => {
    const { cookie } = await signInForTest("racer");
    await takeModule([true, true, true], cookie);
    await saveName(cookie, "Wei Lim");
    await getDb().deleteFrom("certificate").execute();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        actorOf(request("/training/certificates", { cookie })).then((actor) =>
          issueEarnedCertificates(actor),
        ),
      ),
    );
    expect(await certificateCount()).toBe(1);
  });

  it("adds a track certificate once every module and the track's final assessment are passed", async () => {
    const track = getCatalogue().tracks.find((candidate) => candidate.id === "esg-track");
    const { cookie } = await signInForTest("tracker");
    await saveName(cookie, "Priya Raman");
    for (const id of track?.modules ?? []) {
      await takeModule([true, true, false], cookie, getCatalogue().modules.get(id));
    }
    expect((await page(cookie)).certificates ?? []).toHaveLength(track?.modules.length ?? 0);
    await sitFinal("esg-track", cookie, 17);
    const held = (await page(cookie)).certificates ?? [];
    expect(held).toHaveLength((track?.modules.length ?? 0) + 1);
    const trackCode = await getDb()
      .selectFrom("certificate")
      .select("verification_code")
      .where("achievement_key", "=", "track:esg-track")
      .executeTakeFirstOrThrow();
    expect((await api(trackCode.verification_code)).data).toMatchObject({
      achievement: { kind: "track", id: "esg-track", score: 85 },
      status: "valid",
    });
  });

  it("issues nothing for a failed take, and nothing to a guest", async () => {
    const { cookie } = await signInForTest("failer");
    await takeModule([true, false, false], cookie);
    expect(await page(cookie)).toMatchObject({ pending: 0, certificates: [] });
    expect(await page()).toEqual({ signedIn: false });
    expect(await issueEarnedCertificates(await actorOf(request("/training/certificates")))).toEqual(
      {
        kind: "guest",
      },
    );
  });

  it("refuses a missing, oversized or unprintable name and keeps what was typed", async () => {
    const { cookie } = await signInForTest("namer");
    for (const [name, key] of [
      ["   ", "training:certificates.name.required"],
      ["x".repeat(101), "training:certificates.name.tooLong"],
      ["Mei\u202eTan", "training:certificates.name.invalid"],
      ["<script>alert(1)</script>", "training:certificates.name.invalid"],
    ] as const) {
      const reply = await saveName(cookie, name);
      expect(reply.status).toBe(400);
      expect(reply.data).toMatchObject({
        ok: false,
        error: { code: "validation", fields: { name: key }, name: name.slice(0, 200) },
      });
    }
    expect((await page(cookie)).holderName).toBeNull();
  });

  it("renews an expired certificate only once the achievement is earned again", async () => {
    const { cookie } = await signInForTest("renewer");
    const twoYearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
    await saveName(cookie, "Arjun Nair");
    await getDb().deleteFrom("certificate").execute();
    // A pass recorded, then a certificate issued two years ago from it: long expired.
    await takeModule([true, true, true], cookie);
    await getDb().deleteFrom("certificate").execute();
    await getDb()
      .updateTable("training_run")
      .set({ completed_at: new Date(twoYearsAgo.getTime() - 60_000).toISOString() })
      .execute();
    await issueEarnedCertificates(
      await actorOf(request("/training/certificates", { cookie })),
      twoYearsAgo,
    );
    const [expired] = (await page(cookie)).certificates ?? [];
    expect(expired?.check).toMatchObject({ status: "expired", verified: false });
    expect(await certificateCount()).toBe(1);

    await takeModule([true, true, true], cookie);
    const renewed = (await page(cookie)).certificates ?? [];
    expect(renewed.map((held) => held.check.status)).toEqual(["valid", "expired"]);
  });
});

describe("in the reader's language", () => {
  /** A request from a reader whose browser asks for `language`. */
  const inLanguage = (path: string, cookie: string, language: string, body?: URLSearchParams) =>
    new Request(`http://localhost${path}`, {
      method: body ? "POST" : "GET",
      body,
      headers: {
        Cookie: cookie,
        "Accept-Language": language,
        ...(body && { "Content-Type": "application/x-www-form-urlencoded" }),
      },
    });

  it("names the achievement in the reader's language; the signed payload keeps the issuing one", async () => {
    const { cookie } = await signInForTest("reader");
    await takeModule([true, true, true], cookie);
    const named = new URLSearchParams({ name: "Nguyễn Thị Mai" });
    const saved = await callAction(
      pageAction,
      inLanguage("/training/certificates", cookie, "th-TH", named),
      freshIp(),
    );
    expect(saved.status).toBe(200);

    const inVietnamese = (
      await answerOf(() =>
        pageLoader({ request: inLanguage("/training/certificates", cookie, "vi-VN") } as never),
      )
    ).data as Page & { certificates: { code: string; title: string; description: string }[] };
    const [held] = inVietnamese.certificates;
    expect(held?.title).toBe(esg?.title.vi);
    expect(held?.description).toContain(esg?.title.vi);

    const stored = await getDb()
      .selectFrom("certificate")
      .select("payload")
      .where("verification_code", "=", held?.code ?? "")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.payload)).toMatchObject({
      language: "th",
      title: esg?.title.th,
      holder: { name: "Nguyễn Thị Mai" },
    });

    // A stranger verifying it in French reads French, and the signature still holds.
    const verified = (
      await answerOf(() =>
        verifyLoader({
          request: inLanguage(`/verify/${held?.code}`, "", "fr-CA"),
          params: { code: held?.code },
          context: contextFor(freshIp()),
        } as never),
      )
    ).data as { kind: string; certificate: { title: string; signature: { check: string } } };
    expect(verified.certificate).toMatchObject({
      title: esg?.title["fr-CA"],
      signature: { check: "valid" },
    });
  });
});

describe("public verification", () => {
  it("answers the certificate's facts and signed payload, whatever the case and spacing of the code", async () => {
    const { code } = await certifiedLearner("陈美玲");
    const response = await api(` ${code.toLowerCase().replace("-", "- ")} `);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      valid: true,
      code,
      holderName: "陈美玲",
      status: "valid",
      issuer: { name: "Kestrel Compliance Academy" },
      signature: { check: "valid", algorithm: "Ed25519" },
      payload: { verificationCode: code, holder: { name: "陈美玲" } },
    });
    const keys = ((await jwksLoader()) as Response).json();
    const kid = (response.data as { signature: { keyId: string } }).signature.keyId;
    expect((await keys).keys.map((key: { kid: string }) => key.kid)).toContain(kid);
  });

  it("gives unknown and malformed codes the same answer, and logs every attempt", async () => {
    const unknown = await api("VERIFY-ZZZ000000");
    const malformed = await api("VERIFY-'; DROP TABLE certificate;--");
    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
    expect(malformed.data).toEqual(unknown.data);
    const logged = await getDb()
      .selectFrom("analytics_event")
      .select("name")
      .where("name", "=", "certificate_verification_attempted")
      .execute();
    expect(logged).toHaveLength(2);
  });

  it("limits lookups per address", async () => {
    const ip = "198.18.0.7";
    let last: RouteAnswer | undefined;
    for (let attempt = 0; attempt <= 120; attempt += 1) last = await api("VERIFY-ZZZ000000", ip);
    expect(last?.status).toBe(429);
    expect(last?.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("shows a tampered certificate's signature as not matching", async () => {
    const { code } = await certifiedLearner("Mei Tan");
    const row = await getDb().selectFrom("certificate").select("payload").executeTakeFirstOrThrow();
    await getDb()
      .updateTable("certificate")
      .set({ payload: row.payload.replace("Mei Tan", "Someone Else") })
      .execute();
    const response = await api(code);
    expect(response.data).toMatchObject({ valid: false, signature: { check: "invalid" } });
    const verifyPage = await answerOf(() =>
      verifyLoader({
        request: request(`/verify/${code}`),
        params: { code },
        context: contextFor(freshIp()),
      } as never),
    );
    expect(verifyPage.data).toMatchObject({ certificate: { signature: { check: "invalid" } } });
  });
});

describe("revocation", () => {
  const revoke = (cookie: string, fields: Record<string, string>) =>
    callAction(
      adminAction,
      request("/admin/certificates", { cookie, body: new URLSearchParams(fields) }),
      freshIp(),
    );

  it("needs a reason, is recorded, shows everywhere, sets the status list bit, and is undone only by a recorded reinstatement", async () => {
    const { cookie: holder, code } = await certifiedLearner();
    const { cookie: admin, email } = await signInForTest("admin", {
      admin: true,
      secondFactor: true,
    });

    expect((await revoke(admin, { intent: "revoked", code, reason: " " })).status).toBe(400);
    expect(
      (await revoke(admin, { intent: "revoked", code: "VERIFY-ZZZ000000", reason: "x" })).status,
    ).toBe(409);
    expect((await revoke(holder, { intent: "revoked", code, reason: "mine" })).status).toBe(403);
    const done = await revoke(admin, { intent: "revoked", code, reason: "Issued in error" });
    expect(done.data).toMatchObject({ ok: true });
    expect((await revoke(admin, { intent: "revoked", code, reason: "again" })).status).toBe(409);

    expect((await api(code)).data).toMatchObject({
      valid: false,
      status: "revoked",
      revocationReason: "Issued in error",
    });
    expect((await page(holder)).certificates?.[0]?.check.status).toBe("revoked");
    const history = await getDb().selectFrom("certificate_status_change").selectAll().execute();
    expect(history).toMatchObject([
      { action: "revoked", reason: "Issued in error", actor_email: email },
    ]);

    const credential = (await (
      (await credentialLoader({
        request: request(`/training/certificates/${code}/credential`, { cookie: holder }),
        params: { code },
      } as never)) as Response
    ).json()) as { credentialStatus: { statusListIndex: string; statusListCredential: string } };
    const list = (await (
      (await statusLoader({ params: { list: "1" } } as never)) as Response
    ).json()) as {
      credentialSubject: { encodedList: string };
    };
    expect(verifyDataIntegrityProof(list)).toBe(true);
    const index = Number(credential.credentialStatus.statusListIndex);
    expect(statusListBit(list.credentialSubject.encodedList, index)).toBe(true);

    await revoke(admin, { intent: "reinstated", code, reason: "Checked: valid after all" });
    expect((await api(code)).data).toMatchObject({ valid: true, status: "valid" });
    const relist = (await (
      (await statusLoader({ params: { list: "1" } } as never)) as Response
    ).json()) as {
      credentialSubject: { encodedList: string };
    };
    expect(statusListBit(relist.credentialSubject.encodedList, index)).toBe(false);
    expect(
      await getDb()
        .selectFrom("certificate_status_change")
        .select("action")
        .orderBy("id")
        .execute(),
    ).toEqual([{ action: "revoked" }, { action: "reinstated" }]);
    const listed = await answerOf(() =>
      adminLoader({
        request: request(`/admin/certificates?q=${code}`, { cookie: admin }),
      } as never),
    );
    expect((listed.data as { histories: Record<string, unknown[]> }).histories[code]).toMatchObject(
      [
        { action: "revoked", reason: "Issued in error", actorEmail: email },
        { action: "reinstated", reason: "Checked: valid after all", actorEmail: email },
      ],
    );
  });
});

describe("the status list", () => {
  const fetchList = async (list: string) =>
    (await statusLoader({ params: { list } } as never)) as Response;

  it("is signed once while nothing changes, and only up to the last certificate's list", async () => {
    const first = await fetchList("1");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=60");
    const body = await first.text();
    // Asked again and again, the same signed list comes back: no new signature per request.
    for (let i = 0; i < 20; i += 1) expect(await (await fetchList("1")).text()).toBe(body);
    const aMinuteLater = await statusListCredential(1, new Date(Date.now() + 60_000));
    expect(aMinuteLater).toEqual(JSON.parse(body));
    // No certificate sits in list 2 yet, so nothing can point at it.
    expect((await fetchList("2")).status).toBe(404);
    for (const hostile of ["0", "-1", "1e3", "01", "abc", "9999999", "1.5"]) {
      expect((await fetchList(hostile)).status, hostile).toBe(404);
    }
  });
});

describe("the Open Badges credential", () => {
  it("is an OpenBadgeCredential with a valid eddsa-jcs-2022 proof, for the holder only", async () => {
    const { cookie, code } = await certifiedLearner("Nguyễn Thị Hồng");
    const download = (who: string) =>
      answerOf(() =>
        credentialLoader({
          request: request(`/training/certificates/${code}/credential`, { cookie: who }),
          params: { code },
        } as never),
      );
    const response = await download(cookie);
    expect(response.headers.get("Content-Disposition")).toContain(`${code}.json`);
    const credential = (await response.json()) as Record<string, unknown>;
    expect(credential).toMatchObject({
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      credentialSubject: { identifier: [{ identityHash: "Nguyễn Thị Hồng" }] },
      credentialStatus: { type: "BitstringStatusListEntry", statusPurpose: "revocation" },
      proof: { type: "DataIntegrityProof", cryptosuite: "eddsa-jcs-2022" },
    });
    expect(verifyDataIntegrityProof(credential)).toBe(true);
    expect(verifyDataIntegrityProof({ ...credential, name: "Something else" })).toBe(false);
    const downloads = await getDb()
      .selectFrom("analytics_event")
      .select("properties")
      .where("name", "=", "certificate_downloaded")
      .execute();
    expect(downloads.map((event) => JSON.parse(event.properties))).toEqual([
      { format: "credential" },
    ]);

    const { cookie: other } = await signInForTest("other");
    expect((await download(other)).status).toBe(404);
    expect((await download("")).status).toBe(404);
  });
});

describe("the PDF", () => {
  const download = (code: string, cookie: string) =>
    answerOf(() =>
      pdfLoader({
        request: request(`/training/certificates/${code}/pdf`, { cookie }),
        params: { code },
      } as never),
    );

  it("goes to its holder and to an admin who proved a second factor, and to nobody else", async () => {
    const { cookie, code } = await certifiedLearner("Arjun Nair");
    const own = await download(code, cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");

    const { cookie: admin } = await signInForTest("auditor", { admin: true, secondFactor: true });
    expect((await download(code, admin)).status).toBe(200);
    const { cookie: unproven } = await signInForTest("unproven", { admin: true });
    expect((await download(code, unproven)).status).toBe(404);
    const { cookie: other } = await signInForTest("neighbour");
    expect((await download(code, other)).status).toBe(404);
    expect((await download(code, "")).status).toBe(404);
    expect((await download("VERIFY-ZZZ000000", cookie)).status).toBe(404);
  });
});

describe("bad input", () => {
  it("refuses an oversized name form with 413 and keeps the name unset", async () => {
    const { cookie } = await signInForTest("flooder");
    const reply = await saveName(cookie, "x".repeat(20 * 1024));
    expect(reply.status).toBe(413);
    expect((await page(cookie)).holderName).toBeNull();
  });
});

describe("key rotation", () => {
  it("keeps a certificate signed by a retired key verifiable, and lists both keys", async () => {
    const { code } = await certifiedLearner("Siti Rahman");
    // The certificate as a server signed it before its key was replaced.
    const retired = signingKeyFromPem(
      generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    );
    const row = await getDb()
      .selectFrom("certificate")
      .select("payload")
      .where("verification_code", "=", code)
      .executeTakeFirstOrThrow();
    const proof = await signJson(JSON.parse(row.payload), retired);
    await getDb()
      .updateTable("certificate")
      .set({ key_id: proof.keyId, signature: proof.signature })
      .where("verification_code", "=", code)
      .execute();

    expect(retired.keyId).not.toBe(currentSigningKey().keyId);
    expect((await api(code)).data).toMatchObject({
      valid: true,
      signature: { check: "valid", keyId: retired.keyId },
    });
    const { keys } = (await ((await jwksLoader()) as Response).json()) as {
      keys: { kid: string }[];
    };
    expect(keys.map((key) => key.kid)).toEqual(
      expect.arrayContaining([currentSigningKey().keyId, retired.keyId]),
    );
    expect(canonicalJson(JSON.parse(row.payload))).toBe(row.payload);
  });
});

describe("the admin CSV", () => {
  it("lists the certificates the search matches", async () => {
    const { code } = await certifiedLearner("陈美玲");
    await certifiedLearner("Someone Else");
    const { cookie: admin } = await signInForTest("exporter", { admin: true, secondFactor: true });
    const response = await answerOf(() =>
      exportLoader({
        request: request(`/admin/export/certificates.csv?q=${encodeURIComponent("陈美玲")}`, {
          cookie: admin,
        }),
        params: { dataset: "certificates.csv" },
      } as never),
    );
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toContain(code);
    expect(csv).toContain("陈美玲");
    expect(csv).not.toContain("Someone Else");
    expect(csv.split("\r\n")[0]).toContain("verification_code");
  });
});
