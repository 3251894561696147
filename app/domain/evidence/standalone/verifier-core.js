// The verification core of Kestrel's stand-alone verifier: the same rules as `checkKit` in
// ../record.server.ts, in plain JavaScript with nothing but WebCrypto and DecompressionStream, so
// it runs in a browser opened from disk and in Node without Kestrel, years after the fact.
// It is pasted whole into verify.html and verify-evidence.mjs at their core marker,
// which is why it is a script with one top-level constant instead of a module.
//
// Everything read is untrusted: sizes and JSON nesting are checked by plain loops before any
// JSON.parse or canonicalisation, the PDF scan never goes back over what it has passed, and every
// file gets a report whatever its bytes.

/**
 * @typedef {{ name: string, bytes: Uint8Array, support?: boolean }} InputFile
 *   `support`: given as keys or a registry (the Node script's --jwks, --issued and the files
 *   beside it): checked and used like any file, but not followed as part of a chain.
 * @typedef {"verified" | "issued" | "altered" | "tampered" | "unknown-key" | "not-a-kit" | "keys"
 *   | "registry" | "refused"} Status
 * @typedef {"verified" | "tampered" | "unknown-key"} KitStatus
 * @typedef {{ field: string, expected: string, found: string }} Problem
 * @typedef {{ evidenceId: string, kind: string, organisation: number, sequence: number,
 *   prevHash: string, hash: string, keyId: string, timestamp: string, content: unknown,
 *   envelope: Record<string, unknown> }} KitFacts
 * @typedef {{ evidenceId: string, name: string, description: string, holds: string[],
 *   issuedAt: string }} IssuedAs
 * @typedef {{ name: string, bytes: number, sha256: string, status: Status, message: string,
 *   kit: KitFacts | null, kitStatus: KitStatus | null, problem: Problem | null,
 *   issuedAs: IssuedAs | null }} Report
 * @typedef {{ organisation: number, from: number, to: number, records: number,
 *   status: "linked" | "broken", detail: string }} ChainFinding
 * @typedef {{ files: Report[], keys: number, registries: number, chain: ChainFinding[],
 *   notes: string[] }} Verification
 * @typedef {{ label: string, value: string | string[] }} Fact
 * @typedef {{ format: string, evidenceId: string, hash: string,
 *   envelope: Record<string, unknown> & { payload: Record<string, unknown>, organisation: number,
 *     sequence: number, prevHash: string },
 *   signature: { keyId: string, signature: string }, chain: Record<string, unknown> }} Kit
 * @typedef {{ status: "verified" } | { status: "tampered", problem: Problem }
 *   | { status: "unknown-key" } | { status: "not-a-kit" }} Check
 */

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the files it is pasted into
const KestrelVerifier = (() => {
  /** The largest file read (the server's EVIDENCE_UPLOAD_BYTES): a kit PDF is a few hundred KB. */
  const MAX_BYTES = 5 * 1024 * 1024;
  /** The deepest JSON nesting read: a genuine kit is about ten levels deep. */
  const MAX_DEPTH = 64;
  /** A PDF's stream dictionary is a few hundred bytes; the scan of one stops here. */
  const MAX_DICTIONARY_CHARS = 64 * 1024;
  /** Attached files inflated per PDF before giving up on finding a kit among them. */
  const MAX_ATTACHMENTS = 16;

  const KIT_FORMAT = "kestrel-evidence/1";
  const GENESIS_HASH = "0".repeat(64);
  const HEX_64 = /^[0-9a-f]{64}$/;
  const BASE64URL = /^[A-Za-z0-9_-]*$/;
  const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  const encoder = new TextEncoder();

  /** @param {unknown} value @returns {value is Record<string, unknown>} */
  const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

  /** @param {unknown} value */
  const textOf = (value) => (typeof value === "string" ? value : "");

  // ---- Bytes, hashes, base64url ----

  /** @param {ArrayBuffer | Uint8Array} bytes */
  function hex(bytes) {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    let text = "";
    for (const byte of view) text += byte.toString(16).padStart(2, "0");
    return text;
  }

  /**
   * Bytes as WebCrypto and Blob take them. What is read here is in ordinary memory, never a
   * SharedArrayBuffer, which the DOM types cannot know.
   * @param {Uint8Array} bytes
   */
  const unshared = (bytes) => /** @type {Uint8Array<ArrayBuffer>} */ (bytes);

  /** @param {Uint8Array} bytes */
  async function sha256(bytes) {
    return new Uint8Array(await crypto.subtle.digest("SHA-256", unshared(bytes)));
  }

  /** @param {Uint8Array} bytes */
  function base64url(bytes) {
    let text = "";
    for (let index = 0; index < bytes.length; index += 3) {
      const chunk =
        ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
      const chars = index + 2 < bytes.length ? 4 : index + 1 < bytes.length ? 3 : 2;
      for (let char = 0; char < chars; char += 1) {
        text += BASE64URL_ALPHABET[(chunk >> (18 - 6 * char)) & 63];
      }
    }
    return text;
  }

  /**
   * Base64url without padding, strictly: the server's decoder (@scure/base) refuses stray bits in
   * the last character, so a decoding that does not encode back to the same text is refused too.
   * @param {string} text
   */
  function fromBase64url(text) {
    if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
    const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
    let bits = 0;
    let buffer = 0;
    let at = 0;
    for (const char of text) {
      buffer = (buffer << 6) | BASE64URL_ALPHABET.indexOf(char);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes[at] = (buffer >> bits) & 255;
        at += 1;
      }
      buffer &= (1 << bits) - 1;
    }
    return base64url(bytes) === text ? bytes : null;
  }

  // ---- JSON: limits first, then parse, then RFC 8785 ----

  /**
   * Whether JSON text nests deeper than MAX_DEPTH, by one pass over its bytes that tracks strings
   * and escapes (the bytes of `"`, `\`, `[` and `{` never occur inside other UTF-8 characters).
   * A loop, not recursion, so a file of millions of `[` costs a few bytes' work.
   * @param {Uint8Array} bytes
   */
  function nestsTooDeep(bytes) {
    let depth = 0;
    let inString = false;
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index];
      if (inString) {
        if (byte === 0x5c) index += 1;
        else if (byte === 0x22) inString = false;
      } else if (byte === 0x22) {
        inString = true;
      } else if (byte === 0x5b || byte === 0x7b) {
        depth += 1;
        if (depth > MAX_DEPTH) return true;
      } else if (byte === 0x5d || byte === 0x7d) {
        depth -= 1;
      }
    }
    return false;
  }

  /** @param {Uint8Array} bytes */
  function looksLikeJson(bytes) {
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index];
      // A byte order mark and white space may come first.
      if (byte === 0xef || byte === 0xbb || byte === 0xbf) continue;
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
      return byte === 0x7b || byte === 0x5b;
    }
    return false;
  }

  /**
   * JSON text parsed within the limits.
   * @param {Uint8Array} bytes
   * @returns {{ ok: true, value: unknown } | { ok: false, reason: "too-large" | "too-deep" | "not-json" }}
   */
  function readJson(bytes) {
    if (bytes.length > MAX_BYTES) return { ok: false, reason: "too-large" };
    if (nestsTooDeep(bytes)) return { ok: false, reason: "too-deep" };
    try {
      return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) };
    } catch {
      return { ok: false, reason: "not-json" };
    }
  }

  /**
   * RFC 8785 canonical JSON, as the `canonicalize` package the server signs with writes it: keys
   * sorted by UTF-16 code units, numbers and strings as JSON.stringify writes them. Null for a
   * value it cannot write (a number out of range, as `1e400` parses to), so no signature matches.
   * The depth guard keeps embedded data that skipped readJson from recursing without end.
   * @param {unknown} value
   * @returns {string | null}
   */
  function canonicalJson(value, depth = 0) {
    if (depth > MAX_DEPTH) return null;
    if (typeof value === "number" && !Number.isFinite(value)) return null;
    if (value === null || typeof value !== "object") return JSON.stringify(value) ?? null;
    const parts = [];
    if (Array.isArray(value)) {
      for (const item of value) {
        const text = canonicalJson(item, depth + 1);
        if (text === null) return null;
        parts.push(text);
      }
      return `[${parts.join(",")}]`;
    }
    const record = /** @type {Record<string, unknown>} */ (value);
    for (const key of Object.keys(record).sort()) {
      const text = canonicalJson(record[key], depth + 1);
      if (text === null) return null;
      parts.push(`${JSON.stringify(key)}:${text}`);
    }
    return `{${parts.join(",")}}`;
  }

  // ---- Keys ----

  /**
   * The usable keys of a JWKS: Ed25519 keys whose id is their RFC 7638 thumbprint, as the server
   * trusts them (`verifyJsonWithKeys`); a key whose id is someone else's verifies nothing.
   * @param {unknown[]} jwks
   * @param {Map<string, CryptoKey>} into
   */
  async function addKeys(jwks, into) {
    for (const jwk of jwks) {
      if (!isRecord(jwk) || jwk.kty !== "OKP" || jwk.crv !== "Ed25519") continue;
      const { x, kid } = jwk;
      if (typeof x !== "string" || typeof kid !== "string" || into.has(kid)) continue;
      const thumbprint = canonicalJson({ crv: "Ed25519", kty: "OKP", x }) ?? "";
      if (base64url(await sha256(encoder.encode(thumbprint))) !== kid) continue;
      try {
        const key = await crypto.subtle.importKey(
          "jwk",
          { kty: "OKP", crv: "Ed25519", x },
          { name: "Ed25519" },
          false,
          ["verify"],
        );
        into.set(kid, key);
      } catch {
        // Not a valid Ed25519 public key: it is not counted.
      }
    }
  }

  /** RFC 8032's first test key: a browser that cannot import it cannot check any signature. */
  const ED25519_TEST_KEY = "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo";

  async function supportsEd25519() {
    try {
      const jwk = { kty: "OKP", crv: "Ed25519", x: ED25519_TEST_KEY };
      await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, false, ["verify"]);
      return true;
    } catch {
      return false;
    }
  }

  // ---- Kits ----

  /** @param {unknown} value @returns {value is Kit} */
  function isKit(value) {
    if (!isRecord(value) || value.format !== KIT_FORMAT) return false;
    const { envelope, signature, chain } = value;
    return (
      typeof value.evidenceId === "string" &&
      typeof value.hash === "string" &&
      isRecord(envelope) &&
      isRecord(envelope.payload) &&
      typeof envelope.sequence === "number" &&
      typeof envelope.organisation === "number" &&
      typeof envelope.prevHash === "string" &&
      isRecord(signature) &&
      typeof signature.keyId === "string" &&
      typeof signature.signature === "string" &&
      isRecord(chain)
    );
  }

  /** @param {string} hash */
  const evidenceIdOf = (hash) => `EV-${hash.slice(0, 16).toUpperCase().match(/.{4}/g)?.join("-")}`;

  /**
   * `checkKit` of record.server.ts: the hash is the envelope's, the id the hash's, the chain proof
   * the envelope's, and the signature one of the keys made; the first thing that differs is named.
   * @param {unknown} value
   * @param {Map<string, CryptoKey>} keys
   * @returns {Promise<Check>}
   */
  async function checkKit(value, keys) {
    if (!isKit(value)) return { status: "not-a-kit" };
    const canonical = canonicalJson(value.envelope);
    const signed = canonical === null ? null : encoder.encode(canonical);
    const hash =
      signed === null ? "(the envelope has no canonical JSON form)" : hex(await sha256(signed));
    if (hash !== value.hash) {
      return { status: "tampered", problem: { field: "hash", expected: hash, found: value.hash } };
    }
    const evidenceId = evidenceIdOf(hash);
    if (evidenceId !== value.evidenceId) {
      return {
        status: "tampered",
        problem: { field: "evidenceId", expected: evidenceId, found: value.evidenceId },
      };
    }
    for (const field of /** @type {const} */ (["organisation", "sequence", "prevHash"])) {
      const expected = String(value.envelope[field]);
      const found = String(value.chain[field]);
      if (expected !== found) {
        return { status: "tampered", problem: { field: `chain.${field}`, expected, found } };
      }
    }
    const key = keys.get(value.signature.keyId);
    if (!key) return { status: "unknown-key" };
    const signature = fromBase64url(value.signature.signature);
    let valid = false;
    if (signature && signed) {
      try {
        valid = await crypto.subtle.verify({ name: "Ed25519" }, key, signature, signed);
      } catch {
        valid = false;
      }
    }
    if (!valid) {
      const problem = {
        field: "signature",
        expected: "a signature of this envelope",
        found: "another",
      };
      return { status: "tampered", problem };
    }
    return { status: "verified" };
  }

  /** @param {Kit} kit @returns {KitFacts} */
  function factsOf(kit) {
    const { envelope } = kit;
    return {
      evidenceId: kit.evidenceId,
      kind: typeof envelope.kind === "string" ? envelope.kind : "",
      organisation: envelope.organisation,
      sequence: envelope.sequence,
      prevHash: envelope.prevHash,
      hash: kit.hash,
      keyId: kit.signature.keyId,
      timestamp: textOf(envelope.payload.timestamp),
      content: envelope.payload.content,
      envelope,
    };
  }

  // ---- PDF: the attached evidence.json, read without a PDF library ----

  const PDF_WHITE_SPACE = /[\0\t\n\f\r ]/;
  // A name ends at white space or a delimiter (PDF 32000-1 §7.2.2), so `/EmbeddedFiles` is not
  // `/EmbeddedFile`.
  const EMBEDDED_FILE = /\/Type\s*\/EmbeddedFile(?![^\0\t\n\f\r /<>[\]()%{}])/;
  const FILTER = /\/Filter\s*(\/[^\0\t\n\f\r /<>[\]()%{}]+|\[[^\]]*\])/;
  const NAMES = /\/[^\0\t\n\f\r /<>[\]()%{}]+/g;
  /** `/Length 123`, and ` 0 R` after it when the length is held elsewhere (indirect). */
  const LENGTH = /\/Length\s+(\d{1,10})(\s+\d{1,10}\s+R)?(?!\d)/;

  /** @param {Uint8Array} bytes */
  function isPdf(bytes) {
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
    return head.includes("%PDF-");
  }

  /**
   * The top level of the dictionary that starts at `start` (`<<`): its text with nested
   * dictionaries, strings and hex strings blanked out, so `/Length` inside `/Params` is not taken
   * for the stream's. Null when it does not close within MAX_DICTIONARY_CHARS.
   * @param {string} text
   * @param {number} start
   * @returns {{ top: string, end: number } | { top: null, end: number }}
   */
  function readDictionary(text, start) {
    const limit = Math.min(text.length, start + MAX_DICTIONARY_CHARS);
    let depth = 0;
    let top = "";
    let index = start;
    while (index < limit) {
      const char = text[index];
      if (char === "(") {
        // A literal string: balanced parentheses, backslash escapes.
        let parentheses = 1;
        index += 1;
        while (index < limit && parentheses > 0) {
          if (text[index] === "\\") index += 1;
          else if (text[index] === "(") parentheses += 1;
          else if (text[index] === ")") parentheses -= 1;
          index += 1;
        }
        if (depth === 1) top += " ";
      } else if (char === "<" && text[index + 1] === "<") {
        depth += 1;
        index += 2;
        if (depth === 2) top += " ";
      } else if (char === ">" && text[index + 1] === ">") {
        depth -= 1;
        index += 2;
        if (depth === 0) return { top, end: index };
      } else if (char === "<") {
        // A hex string, to its `>`.
        while (index < limit && text[index] !== ">") index += 1;
        index += 1;
        if (depth === 1) top += " ";
      } else if (char === "%") {
        // A comment, to the end of the line.
        while (index < limit && text[index] !== "\n" && text[index] !== "\r") index += 1;
      } else {
        if (depth === 1) top += char;
        index += 1;
      }
    }
    return { top: null, end: index };
  }

  /**
   * The attached files' bytes: streams whose dictionary has `/Type /EmbeddedFile`, each with its
   * `/Filter`. One pass forwards over the file: each stream's data is skipped by its `/Length`
   * or its `endstream`, and a dictionary that does not close resumes the scan where it stopped.
   * @param {Uint8Array} bytes
   */
  function embeddedFiles(bytes) {
    const text = new TextDecoder("latin1").decode(bytes);
    /** @type {{ data: Uint8Array, filters: string[] }[]} */
    const found = [];
    let from = 0;
    while (found.length < MAX_ATTACHMENTS) {
      const at = text.indexOf("obj", from);
      if (at === -1) break;
      from = at + 3;
      // `obj` as a keyword, not the end of `endobj`.
      if (at === 0 || !PDF_WHITE_SPACE.test(text[at - 1] ?? "")) continue;
      let start = at + 3;
      while (start < text.length && PDF_WHITE_SPACE.test(text[start] ?? "")) start += 1;
      if (!text.startsWith("<<", start)) continue;
      const dictionary = readDictionary(text, start);
      from = dictionary.end;
      if (dictionary.top === null) continue;
      let streamAt = dictionary.end;
      while (streamAt < text.length && PDF_WHITE_SPACE.test(text[streamAt] ?? "")) streamAt += 1;
      if (!text.startsWith("stream", streamAt)) continue;
      // The keyword is followed by CRLF or LF, then the data.
      let dataStart = streamAt + 6;
      if (text.startsWith("\r\n", dataStart)) dataStart += 2;
      else if (text[dataStart] === "\n" || text[dataStart] === "\r") dataStart += 1;
      const dataEnd = streamEnd(text, dictionary.top, dataStart);
      if (dataEnd === null) break;
      from = dataEnd;
      if (!EMBEDDED_FILE.test(dictionary.top)) continue;
      found.push({ data: bytes.subarray(dataStart, dataEnd), filters: filtersOf(dictionary.top) });
    }
    return found;
  }

  /**
   * Where a stream's data ends: at `/Length` when it is a direct number followed by `endstream`,
   * else just before the next `endstream` (less the end of line that precedes it).
   * @param {string} text
   * @param {string} dictionary
   * @param {number} dataStart
   */
  function streamEnd(text, dictionary, dataStart) {
    const length = LENGTH.exec(dictionary);
    if (length && !length[2]) {
      const end = dataStart + Number(length[1]);
      let after = end;
      while (after < text.length && PDF_WHITE_SPACE.test(text[after] ?? "")) after += 1;
      if (end <= text.length && text.startsWith("endstream", after)) return end;
    }
    const keyword = text.indexOf("endstream", dataStart);
    if (keyword === -1) return null;
    let end = keyword;
    if (text[end - 1] === "\n") end -= 1;
    if (text[end - 1] === "\r") end -= 1;
    return Math.max(dataStart, end);
  }

  /** The names of a stream's `/Filter`, one or an array. @param {string} dictionary */
  function filtersOf(dictionary) {
    const filter = FILTER.exec(dictionary);
    return filter?.[1]?.match(NAMES) ?? [];
  }

  /**
   * Flate data inflated, stopping once more than `limit` bytes come out (a small stream can
   * inflate a thousandfold). What came out before a data error is kept: trailing bytes after the
   * compressed data are an error to some decoders, and the kit's signature judges the result.
   * @param {Uint8Array} data
   * @param {number} limit
   */
  async function inflate(data, limit) {
    const reader = new Blob([unshared(data)])
      .stream()
      .pipeThrough(new DecompressionStream("deflate"))
      .getReader();
    /** @type {Uint8Array[]} */
    const chunks = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > limit) {
          await reader.cancel().catch(() => undefined);
          return { tooLarge: true, bytes: null };
        }
        chunks.push(value);
      }
    } catch {
      // Keep what was inflated.
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return { tooLarge: false, bytes };
  }

  /**
   * The kit a PDF carries as an attached file: the first attachment that reads as a kit.
   * @param {Uint8Array} bytes
   * @returns {Promise<{ kit: Kit | null, refused: string | null }>}
   */
  async function kitInPdf(bytes) {
    let budget = MAX_BYTES;
    let refused = null;
    for (const file of embeddedFiles(bytes)) {
      let data = file.data;
      if (file.filters.length === 1 && file.filters[0] === "/FlateDecode") {
        const inflated = await inflate(data, budget);
        if (!inflated.bytes) return { kit: null, refused: "its attached files inflate past 5 MiB" };
        data = inflated.bytes;
      } else if (file.filters.length > 0) {
        continue;
      }
      budget -= data.length;
      const json = readJson(data);
      if (!json.ok) {
        if (json.reason === "too-deep")
          refused = `an attached file nests deeper than ${MAX_DEPTH} levels`;
        continue;
      }
      if (isKit(json.value)) return { kit: json.value, refused: null };
    }
    return { kit: null, refused };
  }

  // ---- Registries of issued files ----

  /**
   * @param {Kit} kit
   * @param {Map<string, IssuedAs>} into
   */
  function addIssuedFiles(kit, into) {
    const content = kit.envelope.payload.content;
    if (!isRecord(content) || !Array.isArray(content.files)) return;
    const holds = Array.isArray(content.holds)
      ? content.holds.filter((id) => typeof id === "string")
      : [];
    for (const file of content.files) {
      if (!isRecord(file) || typeof file.sha256 !== "string") continue;
      const sha = file.sha256.toLowerCase();
      if (!HEX_64.test(sha) || into.has(sha)) continue;
      into.set(sha, {
        evidenceId: kit.evidenceId,
        name: typeof file.name === "string" ? file.name : "(no name given)",
        description: typeof content.description === "string" ? content.description : "",
        holds,
        issuedAt: textOf(kit.envelope.payload.timestamp),
      });
    }
  }

  /** @param {Kit} kit */
  const isRegistry = (kit) => kit.envelope.kind === "file-issued";

  // ---- Chains ----

  /**
   * The chains the verified kits given belong to, one finding per organisation with two or more
   * records: each record must follow the one before it (sequence + 1, prevHash its hash); record
   * 1 starts from 64 zeros, and the first record kept after a purge given with it from the
   * purge's last purged hash. The first break is named.
   * @param {Kit[]} kits
   * @returns {ChainFinding[]}
   */
  function checkChains(kits) {
    /** @type {Map<number, Kit[]>} */
    const byOrganisation = new Map();
    const seen = new Set();
    for (const kit of kits) {
      if (seen.has(kit.hash)) continue;
      seen.add(kit.hash);
      const list = byOrganisation.get(kit.envelope.organisation) ?? [];
      list.push(kit);
      byOrganisation.set(kit.envelope.organisation, list);
    }
    /** @type {ChainFinding[]} */
    const findings = [];
    for (const [organisation, list] of [...byOrganisation].sort((a, b) => a[0] - b[0])) {
      if (list.length < 2) continue;
      list.sort((a, b) => a.envelope.sequence - b.envelope.sequence);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) continue;
      const from = first.envelope.sequence;
      const to = last.envelope.sequence;
      const finding = (
        /** @type {"linked" | "broken"} */ status,
        /** @type {string} */ detail,
      ) => ({
        organisation,
        from,
        to,
        records: list.length,
        status,
        detail,
      });
      const broken = chainBreak(list);
      findings.push(
        broken
          ? finding("broken", broken)
          : finding(
              "linked",
              `Records ${from} to ${to} of organisation ${organisation} link: each names the hash of the one before it.`,
            ),
      );
    }
    return findings;
  }

  /** @param {Kit[]} list sorted by sequence @returns {string | null} */
  function chainBreak(list) {
    const first = list[0];
    if (!first) return null;
    const purged = new Map();
    for (const kit of list) {
      const content = kit.envelope.payload.content;
      if (kit.envelope.kind !== "purge" || !isRecord(content)) continue;
      if (
        typeof content.lastPurgedSequence === "number" &&
        typeof content.lastPurgedHash === "string"
      ) {
        purged.set(content.lastPurgedSequence, content.lastPurgedHash);
      }
    }
    const start =
      first.envelope.sequence === 1 ? GENESIS_HASH : purged.get(first.envelope.sequence - 1);
    if (start !== undefined && first.envelope.prevHash !== start) {
      return first.envelope.sequence === 1
        ? "Record 1 does not start a chain: its prevHash is not 64 zeros."
        : `Record ${first.envelope.sequence} does not follow the purge given with it: its prevHash is not the last purged hash.`;
    }
    for (let index = 1; index < list.length; index += 1) {
      const before = list[index - 1];
      const kit = list[index];
      if (!before || !kit) continue;
      const { sequence, prevHash } = kit.envelope;
      const previous = before.envelope.sequence;
      if (sequence === previous) {
        return `Two different records both say they are record ${sequence}: one of them is from another chain.`;
      }
      if (sequence !== previous + 1) {
        const missing =
          sequence === previous + 2
            ? `Record ${previous + 1} is`
            : `Records ${previous + 1} to ${sequence - 1} are`;
        return `${missing} missing between records ${previous} and ${sequence}, so the chain cannot be followed.`;
      }
      if (prevHash !== before.hash) {
        return `Record ${sequence} does not follow record ${previous}: its prevHash is not record ${previous}'s hash.`;
      }
    }
    return null;
  }

  // ---- Reports ----

  /** @param {number} count @param {string} one @param {string} many */
  const counted = (count, one, many) => `${count} ${count === 1 ? one : many}`;

  /** A hash or id shortened for a sentence. @param {string} text */
  const short = (text) => (text.length > 24 ? `${text.slice(0, 20)}…` : text);

  /** @param {Problem} problem */
  const mismatch = (problem) =>
    `its ${problem.field} does not match the record (expected ${short(problem.expected)}, found ${short(problem.found)})`;

  /**
   * What a kit's check found, to follow "the evidence kit" or "it" in a sentence.
   * @param {Check} check @param {Kit} kit
   */
  function kitClause(check, kit) {
    switch (check.status) {
      case "verified":
        return `verifies: record ${kit.evidenceId}, signed by key ${kit.signature.keyId}`;
      case "tampered":
        return `is tampered: ${mismatch(check.problem)}`;
      case "unknown-key":
        return `is signed by key ${short(kit.signature.keyId)}, which is not among the keys given, so its signature cannot be checked`;
      default:
        return "is not a Kestrel evidence kit";
    }
  }

  /**
   * What is known about one file before its report is written.
   * @typedef {{ file: InputFile, sha256: string, tooLarge: boolean, json: ReturnType<typeof readJson> | null,
   *   pdf: { kit: Kit | null, refused: string | null } | null }} Reading
   */

  /** @param {InputFile} file @returns {Promise<Reading>} */
  async function read(file) {
    const bytes = file.bytes;
    // JSON is read (its depth checked in one pass, without recursion) before anything else.
    const json = bytes.length <= MAX_BYTES && looksLikeJson(bytes) ? readJson(bytes) : null;
    // Hashing is linear and safe at any size, so an issued file over the limit is still found.
    const digest = hex(await sha256(bytes));
    if (bytes.length > MAX_BYTES)
      return { file, sha256: digest, tooLarge: true, json: null, pdf: null };
    if (json) return { file, sha256: digest, tooLarge: false, json, pdf: null };
    const pdf = isPdf(bytes) ? await kitInPdf(bytes) : null;
    return { file, sha256: digest, tooLarge: false, json: null, pdf };
  }

  /** Keys and registries a support file gives: a JWKS, `{ registries }`, or a list of kits. @param {unknown} value */
  function supportOf(value) {
    if (
      isRecord(value) &&
      !isKit(value) &&
      (Array.isArray(value.keys) || Array.isArray(value.registries))
    ) {
      return {
        keys: Array.isArray(value.keys) ? value.keys : [],
        registries: Array.isArray(value.registries) ? value.registries : [],
      };
    }
    if (Array.isArray(value) && value.length > 0 && value.every(isKit))
      return { keys: [], registries: value };
    return null;
  }

  /**
   * @param {Reading} reading
   * @param {{ keys: Map<string, CryptoKey>, issued: Map<string, IssuedAs>, checks: Map<unknown, Check>,
   *   registryCount: number }} context
   * @returns {Report}
   */
  function reportOf(reading, context) {
    const { file, sha256: digest } = reading;
    /** @type {Report} */
    const report = {
      name: file.name,
      bytes: file.bytes.length,
      sha256: digest,
      status: "refused",
      message: "",
      kit: null,
      kitStatus: null,
      problem: null,
      issuedAs: null,
    };
    /** @param {Kit} kit */
    const withKit = (kit) => {
      const check = context.checks.get(kit) ?? { status: "not-a-kit" };
      report.kit = factsOf(kit);
      if (check.status === "verified" || check.status === "unknown-key")
        report.kitStatus = check.status;
      if (check.status === "tampered") {
        report.kitStatus = "tampered";
        report.problem = check.problem;
      }
      return check;
    };
    const json = reading.json?.ok ? reading.json.value : undefined;
    const kit = isKit(json) ? json : (reading.pdf?.kit ?? null);
    const check = kit ? withKit(kit) : null;

    const issued = context.issued.get(digest) ?? null;
    report.issuedAs = issued;
    // A kit's JSON is judged by its signature, which survives reformatting; any other file by
    // whether its exact bytes are registered.
    if (kit && check && reading.json) {
      report.status = check.status === "verified" ? "verified" : check.status;
      const lists = isRegistry(kit) ? ", and it registers the files it lists" : "";
      const alsoIssued = issued
        ? `; these exact bytes are also the file ${issued.name} Kestrel issued (registered in ${issued.evidenceId})`
        : "";
      if (check.status === "verified") {
        report.message = `Evidence record ${kit.evidenceId} is intact and signed by key ${kit.signature.keyId}${lists}${alsoIssued}.`;
      } else if (check.status === "tampered") {
        report.message = `This kit is tampered: ${mismatch(check.problem)}.`;
      } else {
        report.message = `This kit ${kitClause(check, kit)}${alsoIssued}.`;
      }
      return report;
    }
    if (issued) {
      report.status = "issued";
      const inside = kit && check ? `; the evidence kit in it ${kitClause(check, kit)}` : "";
      report.message = `These exact bytes are the file ${issued.name} that Kestrel issued (registered in ${issued.evidenceId})${inside}.`;
      return report;
    }
    const notFound =
      context.registryCount === 0
        ? "Not found in the registries given (none were given): these bytes cannot be confirmed as issued by Kestrel"
        : "Not found in the registries given: altered after issue, or not issued by Kestrel";

    if (reading.tooLarge) {
      report.message =
        "The file is larger than 5 MiB and its bytes are not in the registries given, so it was not read.";
      return report;
    }
    if (reading.json && !reading.json.ok) {
      if (reading.json.reason === "too-deep") {
        report.message = `The JSON nests deeper than ${MAX_DEPTH} levels, which no Kestrel file does, so it was not read.`;
        return report;
      }
      report.status = "not-a-kit";
      report.message =
        "The file is not valid JSON, so it is no evidence kit, and its bytes are not in the registries given.";
      return report;
    }
    const support = reading.json ? supportOf(json) : null;
    if (support) return supportReport(report, support, context);
    if (reading.json) {
      report.status = "not-a-kit";
      report.message =
        "This JSON is not a Kestrel evidence kit, a set of public keys or a file registry.";
      return report;
    }
    report.status = "altered";
    if (kit && check) {
      report.message =
        check.status === "verified"
          ? `${notFound}; the evidence kit inside verifies, but its signature does not cover the document's visible pages, so compare them with the signed content shown.`
          : `${notFound}; the evidence kit inside ${kitClause(check, kit)}.`;
    } else if (reading.pdf?.refused) {
      report.message = `${notFound}; its attached kit was not read because ${reading.pdf.refused}.`;
    } else {
      report.message = `${notFound}.`;
    }
    return report;
  }

  /**
   * @param {Report} report
   * @param {{ keys: unknown[], registries: unknown[] }} support
   * @param {{ keys: Map<string, CryptoKey>, checks: Map<unknown, Check> }} context
   */
  function supportReport(report, support, context) {
    const usable = support.keys.filter(
      (jwk) => isRecord(jwk) && typeof jwk.kid === "string" && context.keys.has(jwk.kid),
    );
    for (const [index, registry] of support.registries.entries()) {
      const check = context.checks.get(registry) ?? { status: "not-a-kit" };
      const which = `File registry ${index + 1} of ${support.registries.length}`;
      if (check.status !== "verified" || !isKit(registry)) {
        report.status =
          check.status === "tampered" || check.status === "unknown-key"
            ? check.status
            : "not-a-kit";
        if (check.status === "tampered") report.problem = check.problem;
        report.message = isKit(registry)
          ? `${which} (${registry.evidenceId}) was not used: it ${kitClause(check, registry)}.`
          : `${which} is not a Kestrel evidence kit, so it was not used.`;
        return report;
      }
      if (!isRegistry(registry)) {
        report.status = "not-a-kit";
        report.message = `${which} (${registry.evidenceId}) is a ${registry.envelope.kind} record, not a file registry: give each kit as a file of its own.`;
        return report;
      }
    }
    report.status = support.registries.length > 0 ? "registry" : "keys";
    const parts = [];
    if (support.keys.length > 0) {
      parts.push(
        `${counted(usable.length, "usable public key", "usable public keys")} of ${support.keys.length}`,
      );
    }
    if (support.registries.length > 0) {
      parts.push(
        `${counted(support.registries.length, "file registry", "file registries")}, all verified`,
      );
    }
    report.message = `This file gives ${parts.join(" and ")}, used to check the other files.`;
    return report;
  }

  /**
   * Checks files as an examiner gives them: kits (JSON), evidence PDFs and any issued file, with
   * the keys and file registries built into the verifier and those among the files themselves.
   * Never rejects: every file gets a report, in the order given.
   * @param {InputFile[]} files
   * @param {unknown} data the object the server embeds: { keys, registries, issuer, generatedAt }
   * @returns {Promise<Verification>}
   */
  async function verifyFiles(files, data) {
    try {
      return await verifyAll(files, data);
    } catch (error) {
      // Not expected: a last resort so that the examiner still sees a line for every file.
      const reason = error instanceof Error ? error.message : String(error);
      return {
        files: files.map((file) => ({
          name: file.name,
          bytes: file.bytes.length,
          sha256: "",
          status: "refused",
          message: `The verifier could not read this file (${reason}).`,
          kit: null,
          kitStatus: null,
          problem: null,
          issuedAs: null,
        })),
        keys: 0,
        registries: 0,
        chain: [],
        notes: [],
      };
    }
  }

  /** @param {InputFile[]} files @param {unknown} data @returns {Promise<Verification>} */
  async function verifyAll(files, data) {
    const given = isRecord(data) ? data : {};
    const readings = [];
    for (const file of files) readings.push(await read(file));

    // Keys first, from the verifier and from any JWKS given, so that every kit sees all of them.
    /** @type {Map<string, CryptoKey>} */
    const keys = new Map();
    await addKeys(Array.isArray(given.keys) ? given.keys : [], keys);
    for (const reading of readings) {
      const support = reading.json?.ok ? supportOf(reading.json.value) : null;
      if (support) await addKeys(support.keys, keys);
    }

    // Every kit checked once; verified file registries then say which bytes were issued.
    /** @type {Map<unknown, Check>} */
    const checks = new Map();
    /** @param {unknown} kit */
    const check = async (kit) => {
      const done = checks.get(kit) ?? (await checkKit(kit, keys));
      checks.set(kit, done);
      return done;
    };
    /** @type {Map<string, IssuedAs>} */
    const issued = new Map();
    /** The hashes of the registries used: the same one may come built in and as a file. */
    const registries = new Set();
    /** @param {Kit} kit */
    const trustRegistry = (kit) => {
      addIssuedFiles(kit, issued);
      registries.add(kit.hash);
    };
    /** @type {string[]} */
    const notes = [];
    if (!(await supportsEd25519())) {
      notes.push(
        "This browser or Node.js cannot check Ed25519 signatures, so no signature was checked: use a current browser, or Node.js 20 or later.",
      );
    }
    const builtIn = Array.isArray(given.registries) ? given.registries : [];
    for (const [index, registry] of builtIn.entries()) {
      const result = await check(registry);
      if (!isKit(registry)) {
        notes.push(
          `Built-in file registry ${index + 1} is not an evidence kit, so it was not used.`,
        );
      } else if (result.status !== "verified") {
        notes.push(
          `The built-in file registry ${registry.evidenceId} was not used: it ${kitClause(result, registry)}.`,
        );
      } else if (!isRegistry(registry)) {
        notes.push(
          `Built-in record ${registry.evidenceId} is not a file registry, so it was not used.`,
        );
      } else {
        trustRegistry(registry);
      }
    }
    /** @type {Kit[]} */
    const chainKits = [];
    for (const reading of readings) {
      const json = reading.json?.ok ? reading.json.value : undefined;
      const support = supportOf(json);
      /** @type {unknown[]} */
      let kits = [];
      if (support) kits = support.registries;
      else if (isKit(json)) kits = [json];
      else if (reading.pdf?.kit) kits = [reading.pdf.kit];
      for (const kit of kits) {
        const result = await check(kit);
        if (result.status !== "verified" || !isKit(kit)) continue;
        if (isRegistry(kit)) trustRegistry(kit);
        // Keys and registries given to check the others are not records the examiner follows.
        if (!support && !reading.file.support) chainKits.push(kit);
      }
    }

    const context = { keys, issued, checks, registryCount: registries.size };
    const reports = readings.map((reading) => reportOf(reading, context));
    for (const [index, report] of reports.entries()) {
      const reading = readings[index];
      const json = reading?.json?.ok ? reading.json.value : undefined;
      const kit = isKit(json) ? json : (reading?.pdf?.kit ?? null);
      if (report.kit && kit) report.kit.content = await openSealed(report.kit.content, kit);
    }
    return {
      files: reports,
      keys: keys.size,
      registries: registries.size,
      chain: checkChains(chainKits),
      notes,
    };
  }

  // ---- Sealed personal fields: opened with the keys a kit carries ----

  /**
   * The content with each sealed personal field the kit carries a key for opened (AES-256-GCM,
   * `v1.salt.iv.ciphertext+tag`). The signature covers the sealed text, so an opened field is
   * exactly what was signed; a field without a key, or erased, stays as it is.
   * @param {unknown} content @param {unknown} kit
   */
  async function openSealed(content, kit) {
    const keys = isRecord(kit) && Array.isArray(kit.unseal) ? kit.unseal.slice(0, 8) : [];
    let opened = content;
    for (const entry of keys) {
      if (!isRecord(entry) || typeof entry.path !== "string" || typeof entry.key !== "string")
        continue;
      const path = entry.path.split(".").slice(0, 4);
      const sealed = path.reduce(
        (value, key) => (isRecord(value) ? value[key] : undefined),
        opened,
      );
      if (!isRecord(sealed) || typeof sealed.sealed !== "string") continue;
      const value = await openOne(sealed.sealed, entry.key);
      if (value !== undefined)
        opened = withValue(opened, path, { ...asRecord(value), opened: true });
    }
    return opened;
  }

  /** @param {unknown} value @returns {Record<string, unknown>} */
  function asRecord(value) {
    return isRecord(value) ? value : { value };
  }

  /** @param {string} sealed @param {string} keyText @returns {Promise<unknown>} */
  async function openOne(sealed, keyText) {
    const [version, , ivText, bodyText] = sealed.split(".");
    const key = fromBase64url(keyText);
    const iv = ivText ? fromBase64url(ivText) : null;
    const body = bodyText ? fromBase64url(bodyText) : null;
    if (version !== "v1" || !key || key.length !== 32 || !iv || !body) return undefined;
    try {
      const aes = await crypto.subtle.importKey("raw", key, "AES-GCM", false, ["decrypt"]);
      const text = new TextDecoder().decode(
        await crypto.subtle.decrypt({ name: "AES-GCM", iv }, aes, body),
      );
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /**
   * A copy of `value` with `replacement` at `path`.
   * @param {unknown} value @param {string[]} path @param {unknown} replacement @returns {unknown}
   */
  function withValue(value, path, replacement) {
    const [key, ...rest] = path;
    if (key === undefined || !isRecord(value)) return value;
    return {
      ...value,
      [key]: rest.length === 0 ? replacement : withValue(value[key], rest, replacement),
    };
  }

  // ---- What an examiner compares with the document in hand ----

  /**
   * A value in plain words: objects as `key: value` pairs, lists joined.
   * @param {unknown} value
   * @returns {string}
   */
  function plain(value, depth = 0) {
    if (value === null || value === undefined) return "none";
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (depth > 2) return JSON.stringify(value) ?? "";
    if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1)).join("; ");
    if (isRecord(value)) {
      return Object.entries(value)
        .map(([key, item]) => `${key}: ${plain(item, depth + 1)}`)
        .join(", ");
    }
    return String(value);
  }

  /** @param {unknown} value @param {string[]} path */
  function at(value, ...path) {
    let current = value;
    for (const key of path) current = isRecord(current) ? current[key] : undefined;
    return current;
  }

  /** @param {...unknown} values */
  const firstOf = (...values) => values.find((value) => value !== undefined && value !== null);

  /**
   * The signed facts of a kit, in plain words, for both front ends: who, what, score, answers,
   * time and who graded, read defensively from the record's content (which differs by kind).
   * Anything not listed here is still in the full JSON shown beside it.
   * @param {KitFacts} kit
   * @returns {Fact[]}
   */
  function summarise(kit) {
    const content = kit.content;
    /** @type {Fact[]} */
    const facts = [];
    /** @param {string} label @param {unknown} value */
    const add = (label, value) => {
      if (value === undefined || value === null || value === "") return;
      if (Array.isArray(value)) {
        if (value.length > 0) facts.push({ label, value: value.map((item) => plain(item)) });
      } else {
        facts.push({ label, value: plain(value) });
      }
    };
    add("Evidence id", kit.evidenceId);
    add("Kind", kit.kind);
    const learner = at(content, "learner");
    const name = at(learner, "name");
    const email = at(learner, "email");
    const learnerWords = [
      name === undefined ? "" : plain(name),
      email === undefined ? "" : `<${plain(email)}>`,
    ];
    let learnerLine = isRecord(learner) ? learnerWords.filter(Boolean).join(" ") : learner;
    if (isRecord(learner) && typeof learner.sealed === "string") {
      learnerLine = "sealed personal data: this kit carries no key to open it";
    } else if (isRecord(learner) && learner.erased) {
      learnerLine = "personal data erased";
    } else if (isRecord(learner) && learner.opened) {
      learnerLine += " (opened with the key this kit carries; the signature covers it sealed)";
    }
    add("Learner", learnerLine);
    add(
      "Title",
      firstOf(
        at(content, "scenarioSnapshot", "title"),
        at(content, "certificate", "title"),
        at(content, "item"),
        at(content, "description"),
        at(content, "reason"),
      ),
    );
    const percent = firstOf(
      at(content, "gradingSummary", "percent"),
      at(content, "final", "percent"),
    );
    const score = percent === undefined ? at(content, "score") : `${plain(percent)}%`;
    const band = firstOf(at(content, "gradingSummary", "band"), at(content, "final", "band"));
    if (score !== undefined && score !== null)
      add("Score", band ? `${plain(score)} (${plain(band)})` : score);
    else add("Band", band);
    const passed = firstOf(at(content, "passed"), at(content, "final", "passed"));
    if (typeof passed === "boolean") add("Passed", passed ? "yes" : "no");
    add("Reviewer", firstOf(at(content, "reviewer", "email"), at(content, "reviewer")));
    add("Decision", at(content, "decision"));
    add("Answers", answersOf(content));
    add("Time on task", timeOf(at(content, "timeOnTask")));
    add("Grader", at(content, "gradingSummary", "grader"));
    const rubric = at(content, "gradingSummary", "rubric");
    if (isRecord(rubric)) {
      const due = typeof rubric.reviewDue === "string" ? rubric.reviewDue : null;
      const late = due !== null && String(kit.timestamp).slice(0, 10) > due;
      add(
        "Rubric",
        `${plain(rubric.id)}, version ${plain(rubric.version)}, review due ${due ?? "(none)"}${
          late ? ": graded after its review date" : ""
        }`,
      );
    }
    const files = at(content, "files");
    if (Array.isArray(files)) {
      add(
        "Files issued",
        files.map((file) =>
          isRecord(file)
            ? `${plain(file.name)} (${plain(file.format)}, ${plain(file.bytes)} bytes, SHA-256 ${plain(file.sha256)})`
            : file,
        ),
      );
      add("Records held", at(content, "holds"));
    }
    add("Organisation", kit.organisation);
    add("Record in chain", kit.sequence);
    add("Signed at", kit.timestamp);
    add("Key id", kit.keyId);
    add("Hash", kit.hash);
    return facts;
  }

  /** @param {unknown} content */
  function answersOf(content) {
    const actions = at(content, "learnerActions");
    if (Array.isArray(actions)) {
      return actions.map((action) =>
        isRecord(action) ? `${plain(action.action)}: ${plain(action.value)}` : action,
      );
    }
    const answers = at(content, "answers");
    if (Array.isArray(answers)) {
      return answers.map((answer) => {
        if (!isRecord(answer)) return answer;
        const verdict =
          typeof answer.correct === "boolean"
            ? answer.correct
              ? " (correct)"
              : " (incorrect)"
            : "";
        return `Step ${plain(answer.step)}: option ${plain(answer.option)}${verdict}`;
      });
    }
    return undefined;
  }

  /** @param {unknown} time */
  function timeOf(time) {
    if (!isRecord(time)) return time;
    const lines = [];
    if (time.startedAt !== undefined || time.completedAt !== undefined) {
      lines.push(`${plain(time.startedAt)} to ${plain(time.completedAt)}`);
    }
    if (typeof time.seconds === "number") lines.push(`${time.seconds} seconds in all`);
    if (time.tooFast === true) lines.push("faster than the minimum time set");
    if (Array.isArray(time.steps)) {
      for (const step of time.steps) {
        lines.push(
          isRecord(step) ? `Step ${plain(step.step)}: ${plain(step.seconds)} seconds` : plain(step),
        );
      }
    }
    return lines.length > 0 ? lines : time;
  }

  return { verifyFiles, summarise, MAX_BYTES, MAX_DEPTH };
})();

/** The core's interface, for the files it is pasted into. @typedef {typeof KestrelVerifier} Verifier */
