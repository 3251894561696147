// Tools the scripts run from Debian (Chromium for the browser suite and Lighthouse, wrk and nginx for
// the bench): nothing downloads a binary of its own. A missing one is installed with apt-get when
// running as root; otherwise the script says how to install it.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure each binary exists, installing the Debian packages that provide the missing ones.
 * @param {Record<string, string>} binaries Debian package name → the binary it installs
 * @param {string} [hint] what else the user can do, printed when a binary stays missing
 * @returns {boolean} true when every binary is there
 */
export function ensureDebianPackages(binaries, hint = "") {
  const missing = Object.keys(binaries).filter((name) => !existsSync(binaries[name] ?? ""));
  if (missing.length === 0) return true;
  const list = missing.join(" ");
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${list} (missing)…`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${list}`,
      { stdio: "inherit" },
    );
    if (missing.every((name) => existsSync(binaries[name] ?? ""))) return true;
  }
  const paths = missing.map((name) => binaries[name]).join(", ");
  console.error(
    `Not found: ${paths}. Install with:\n  sudo apt-get install -y ${list}${hint ? `\n${hint}` : ""}`,
  );
  return false;
}
