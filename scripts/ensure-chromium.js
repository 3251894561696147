// The browser suite runs in Debian's Chromium; nothing downloads a browser of its own.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execSync(
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
      {
        stdio: "inherit",
      },
    );
  } else {
    console.error(
      `Chromium was not found at ${chromium}. Install it with:\n  sudo apt-get install -y chromium\n` +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
