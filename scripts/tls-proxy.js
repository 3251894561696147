// A TLS-terminating reverse proxy for the browser suite, as the app runs in production: nginx with
// a self-signed certificate in front of a plain-HTTP server, forwarding the client's protocol, host
// and address. Usage: node scripts/tls-proxy.js LISTEN_PORT UPSTREAM_PORT DIR
// Writes the certificate and the configuration into DIR, then runs nginx in the foreground.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

const [listenPort, upstreamPort, dirArgument] = process.argv.slice(2);
if (!listenPort || !upstreamPort || !dirArgument) {
  console.error("Usage: node scripts/tls-proxy.js LISTEN_PORT UPSTREAM_PORT DIR");
  process.exit(2);
}
const dir = path.resolve(dirArgument);
rmSync(dir, { recursive: true, force: true });
mkdirSync(path.join(dir, "temp"), { recursive: true });

// prettier-ignore
execFileSync("openssl", [
  "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
  "-days", "2", "-subj", "/CN=localhost",
  "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
  "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
], { stdio: "ignore" });

/** @param {string} name */
const temp = (name) => `${name}_temp_path ${path.join(dir, "temp", name)};`;
writeFileSync(
  path.join(dir, "nginx.conf"),
  `daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp("client_body")}
  ${temp("proxy")}
  ${temp("fastcgi")}
  ${temp("uwsgi")}
  ${temp("scgi")}
  server {
    listen 127.0.0.1:${listenPort} ssl;
    ssl_certificate ${path.join(dir, "cert.pem")};
    ssl_certificate_key ${path.join(dir, "key.pem")};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
);

// `-e`: the error log before the configuration is read, so no system path is touched.
const nginx = spawn(
  NGINX,
  ["-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")],
  {
    stdio: "inherit",
  },
);
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => nginx.kill("SIGQUIT"));
}
nginx.on("exit", (code) => process.exit(code ?? 0));
