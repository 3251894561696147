// The browser suite needs Debian's Chromium (nothing downloads a browser of its own) and nginx
// with openssl, the TLS-terminating proxy of tests/e2e/proxy.spec.ts (scripts/tls-proxy.js).
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const tools = [
  {
    name: "Chromium",
    path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    packages: ["chromium"],
    variable: "CHROMIUM_PATH",
  },
  {
    name: "nginx",
    path: process.env.NGINX_PATH ?? "/usr/sbin/nginx",
    packages: ["nginx", "openssl"],
    variable: "NGINX_PATH",
  },
];

const missing = tools.filter((tool) => !existsSync(tool.path));
if (missing.length > 0) {
  const packages = missing.flatMap((tool) => tool.packages).join(" ");
  if (process.getuid?.() === 0) {
    console.log(
      `${missing.map((tool) => tool.name).join(" and ")} missing: installing ${packages}…`,
    );
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
      { stdio: "inherit" },
    );
  } else {
    for (const tool of missing) {
      console.error(`${tool.name} was not found at ${tool.path}.`);
    }
    console.error(
      `Install with:\n  sudo apt-get install -y ${packages}\n` +
        `or point ${missing.map((tool) => tool.variable).join(" / ")} at the binary.`,
    );
    process.exit(1);
  }
}
