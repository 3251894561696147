// Checks an evidence kit offline with nothing but the published keys: no database, no account.
// Usage: npm run verify-evidence -- FILE [--jwks JWKS_FILE]
// FILE is a kit's JSON or an evidence PDF carrying one. Without --jwks the keys are fetched from
// `${APP_URL}/.well-known/jwks.json` (APP_URL defaults to http://localhost:3000). Uses the built
// server bundle's checks (`npm run build` first), so the rules are the server's own.
// Exit 0 when the kit verifies, 1 when it does not (the reason is printed), 2 on a usage error.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";

const BUILD_PATH = "../build/server/index.js";
const FETCH_TIMEOUT_MS = 10_000;

/** @type {{ values: { jwks?: string }, positionals: string[] }} */
let args;
try {
  args = parseArgs({ options: { jwks: { type: "string" } }, allowPositionals: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const [file, ...extra] = args.positionals;
if (!file || extra.length > 0) {
  console.error("Usage: npm run verify-evidence -- FILE [--jwks JWKS_FILE]");
  process.exit(2);
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The published keys, from the file given or from the server's JWKS. */
async function publicKeys() {
  let text;
  if (args.values.jwks) {
    text = await readFile(args.values.jwks, "utf8").catch(() =>
      fail(`Cannot read the key file ${args.values.jwks}`),
    );
  } else {
    const url = `${(process.env.APP_URL ?? "http://localhost:3000").replace(/\/+$/, "")}/.well-known/jwks.json`;
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }).catch(
      (error) => fail(`Cannot fetch the public keys from ${url}: ${error.message}`),
    );
    if (!response.ok) fail(`Cannot fetch the public keys from ${url}: HTTP ${response.status}`);
    text = await response.text();
  }
  try {
    const { keys } = JSON.parse(text);
    if (Array.isArray(keys)) return keys;
  } catch {
    // told below
  }
  return fail("The public keys are not a JWKS ({ keys: [...] })");
}

const app = await import(BUILD_PATH).catch((error) => {
  if (error?.code === "ERR_MODULE_NOT_FOUND") fail("No build found: run `npm run build` first.");
  throw error;
});
const bytes = await readFile(file).catch(() => fail(`Cannot read ${file}`));
const kit = await app.readKitFile(new Uint8Array(bytes), { name: path.basename(file) });
// Said before any key is fetched: no network is needed to tell a stray file.
if (!app.isKit(kit)) fail("This file is not a Kestrel evidence kit");
const check = app.checkKit(kit, await publicKeys());
switch (check.status) {
  case "verified":
    console.log(`Verified ${check.evidenceId} (record ${check.sequence}, key ${check.keyId})`);
    process.exit(0);
    break;
  case "tampered":
    fail(`Tampered: ${check.field} differs (expected ${check.expected}, found ${check.found})`);
    break;
  case "unknown-key":
    fail(`Signed by a key this server does not know: ${check.keyId}`);
    break;
  default:
    fail("This file is not a Kestrel evidence kit");
}
