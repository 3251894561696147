#!/usr/bin/env node
// Kestrel's evidence verifier for Node.js 20 or later, needing nothing but this file: it checks
// evidence kits (JSON), evidence PDFs and any file Kestrel issued, offline. Nothing is sent
// anywhere; the public keys and file registries it trusts are built in below, and more can be
// given. (The server fills in the two markers below; this template alone has no keys.)
//
// Usage: node verify-evidence.mjs FILE... [--jwks FILE] [--issued FILE]
//   --jwks FILE     public keys to trust as well (a JWKS: { "keys": [...] })
//   --issued FILE   a file registry to trust as well (a signed file-issued record, or a list)
// jwks.json and issued-files.json beside this script are read too when they exist: in an audit
// package they are.
// Exit 0 when every file checked is verified or issued, 1 otherwise, 2 on a usage error.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/*@@KESTREL_CORE@@*/

/**
 * The server's data ({ keys, registries, issuer, generatedAt }); null in the bare template.
 * @type {{ issuer?: { name: string, url: string }, generatedAt?: string } | null}
 */
const DATA = /*@@KESTREL_DATA@@*/ null;

/**
 * Types only, for the template's type check; they come from the core pasted in above.
 * @typedef {import("./verifier-core.js").Verifier} Verifier
 * @typedef {import("./verifier-core.js").Report} Report
 * @typedef {import("./verifier-core.js").Fact} Fact
 */

/* global KestrelVerifier -- defined by the core pasted in above */
/** @type {Verifier} */
// @ts-expect-error -- the core pasted in above defines KestrelVerifier; the template has none
const { verifyFiles, summarise } = KestrelVerifier;

const USAGE = "Usage: node verify-evidence.mjs FILE... [--jwks FILE] [--issued FILE]";
const BESIDE = ["jwks.json", "issued-files.json"];
const FINE = new Set(["verified", "issued", "keys", "registry"]);

const STATUS_WORDS = {
  verified: "Verified",
  issued: "Issued",
  altered: "Altered or not issued",
  tampered: "Tampered",
  "unknown-key": "Unknown key",
  "not-a-kit": "Not a kit",
  keys: "Keys",
  registry: "File registry",
  refused: "Refused",
};

/** @param {string} text */
const write = (text) => process.stdout.write(`${text}\n`);

/** @param {string} message @returns {never} */
function usageError(message) {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

/**
 * Text from a file, made safe for a terminal: control characters (which could move the cursor
 * or recolour the screen) and bidirectional overrides are shown as escapes, never obeyed.
 * @param {unknown} value
 */
function clean(value) {
  return String(value)
    .replace(/\r\n|\r|\n/g, " ")
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, (char) => {
      return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
    });
}

/** @param {string[]} argv */
function argumentsOf(argv) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        jwks: { type: "string", multiple: true },
        issued: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
    return { values, positionals };
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

/** @param {string} file */
async function readGiven(file) {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    const code = error instanceof Error && "code" in error ? ` (${error.code})` : "";
    return usageError(`Cannot read ${file}${code}.`);
  }
}

/** The support files beside this script, when they exist and were not given already. */
async function besideScript(/** @type {Set<string>} */ given) {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const found = [];
  for (const name of BESIDE) {
    const file = path.join(folder, name);
    if (given.has(path.resolve(file))) continue;
    try {
      found.push({
        name: path.relative(process.cwd(), file) || name,
        bytes: new Uint8Array(await readFile(file)),
      });
    } catch {
      // Not there: the built-in keys and registries are used alone.
    }
  }
  return found;
}

/** @param {Fact[]} facts */
function writeFacts(facts) {
  for (const { label, value } of facts) {
    if (Array.isArray(value)) {
      write(`    ${label}:`);
      for (const line of value) write(`      - ${clean(line)}`);
    } else {
      write(`    ${label}: ${clean(value)}`);
    }
  }
}

/** @param {Report} report */
function writeReport(report) {
  write("");
  write(clean(report.name));
  write(`  [${STATUS_WORDS[report.status]}] ${clean(report.message)}`);
  write(`  SHA-256: ${report.sha256} (${report.bytes} bytes)`);
  if (report.issuedAs) {
    const { name, evidenceId, description, issuedAt, holds } = report.issuedAs;
    write(`  Issued as ${clean(name)} on ${clean(issuedAt)}, registered in ${clean(evidenceId)}`);
    if (description) write(`  Registry says: ${clean(description)}`);
    if (holds.length > 0) write(`  Records it holds: ${holds.map(clean).join(", ")}`);
  }
  if (!report.kit) return;
  const heading = {
    verified: "Signed facts",
    tampered: "Facts as the file states them (they do NOT verify)",
    "unknown-key": "Facts as the file states them (signature not checked: unknown key)",
  }[report.kitStatus ?? "verified"];
  const scope =
    report.status === "altered" ? " of the kit inside (they do not cover the pages)" : "";
  write(`  ${heading}${scope}:`);
  writeFacts(summarise(report.kit));
}

async function main() {
  const { values, positionals } = argumentsOf(process.argv.slice(2));
  if (values.help) {
    write(USAGE);
    return 0;
  }
  if (positionals.length === 0) usageError("Give at least one file to check.");
  const supportNames = [...(values.jwks ?? []), ...(values.issued ?? [])];
  const given = new Set([...supportNames, ...positionals].map((file) => path.resolve(file)));
  const support = [...(await besideScript(given))];
  for (const file of supportNames) support.push({ name: file, bytes: await readGiven(file) });
  const checked = [];
  for (const file of positionals) checked.push({ name: file, bytes: await readGiven(file) });

  const result = await verifyFiles(
    [...support.map((file) => ({ ...file, support: true })), ...checked],
    DATA,
  );
  const made = DATA?.generatedAt ? `, made ${clean(DATA.generatedAt)}` : "";
  write(`Kestrel evidence verifier${made}`);
  if (DATA?.issuer?.url) write(`Issued by ${clean(DATA.issuer.name)}, ${clean(DATA.issuer.url)}`);
  write(
    "Checks evidence kits, evidence PDFs and issued files on this computer: nothing is sent anywhere.",
  );
  write(`Keys: ${result.keys} usable. File registries: ${result.registries} verified.`);
  for (const note of result.notes) write(`Note: ${clean(note)}`);

  const reports = result.files;
  for (const report of reports) writeReport(report);
  if (result.chain.length > 0) {
    write("");
    write("Chains");
    for (const finding of result.chain) {
      write(
        `  [${finding.status === "linked" ? "Linked" : "Broken"}] Organisation ${finding.organisation}, records ${finding.from} to ${finding.to} (${finding.records} given): ${clean(finding.detail)}`,
      );
    }
  }
  const fine = reports.filter((report) => FINE.has(report.status)).length;
  write("");
  write(`Result: ${fine} of ${reports.length} files verified or issued.`);
  return fine === reports.length ? 0 : 1;
}

process.exitCode = await main();
