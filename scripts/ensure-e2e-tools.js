// The browser suite needs Debian's Chromium (nothing downloads a browser of its own), and nginx with
// openssl for the TLS-terminating proxy of tests/e2e/proxy.spec.ts (scripts/tls-proxy.js).
import { ensureDebianPackages } from "./debian-packages.js";

const tools = {
  chromium: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  nginx: process.env.NGINX_PATH ?? "/usr/sbin/nginx",
  openssl: "/usr/bin/openssl",
};

if (!ensureDebianPackages(tools, "or point CHROMIUM_PATH / NGINX_PATH at the binaries.")) {
  process.exit(1);
}
