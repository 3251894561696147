// Checks evidence files offline: `npm run verify-evidence -- FILE... [--jwks JWKS] [--issued FILE]`.
// It runs the same stand-alone verifier that /evidence/verify offers and every audit package
// carries (app/domain/evidence/standalone/), without keys built in: give the public keys with
// --jwks (an audit package's jwks.json, or /.well-known/jwks.json saved), and for files other than
// a kit's JSON, the package's issued-files.json with --issued. No build and no network needed.
// Exit 0 when every file verifies, 1 when one does not, 2 on a usage error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const here = path.join(import.meta.dirname, "../app/domain/evidence/standalone");
const core = readFileSync(path.join(here, "verifier-core.js"), "utf8");
const template = readFileSync(path.join(here, "verify-evidence.mjs"), "utf8");
const marker = "/*@@KESTREL_CORE@@*/";
if (!template.includes(marker)) throw new Error(`verify-evidence.mjs has no ${marker}`);
const script = template.replace(marker, () => core);

const folder = mkdtempSync(path.join(tmpdir(), "kestrel-verify-"));
try {
  const file = path.join(folder, "verify-evidence.mjs");
  writeFileSync(file, script);
  const { status } = spawnSync(process.execPath, [file, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exitCode = status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
