// The browser suite runs in Debian's Chromium; nothing downloads a browser of its own.
import { ensureDebianPackages } from "./debian-packages.js";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!ensureDebianPackages({ chromium }, "or point CHROMIUM_PATH at a Chromium or Chrome binary.")) {
  process.exit(1);
}
