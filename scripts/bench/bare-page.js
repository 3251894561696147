// Node's own ceiling for the landing page: a bare node:http server answering with the bytes and
// headers the product's page cache sends (written by the bench into DIR), choosing the encoding the
// same way. What the product adds on top of this is the cost of its request path.
// Usage: node scripts/bench/bare-page.js PORT DIR   (DIR holds index.html, .gz, .br, headers.json)
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { serveInWorkers } from "./workers.js";

const [port, dir] = process.argv.slice(2);
if (!port || !dir) throw new Error("usage: bare-page.js PORT DIR");
const page = path.join(dir, "index.html");
/** @type {Record<string, string>} */
const headers = JSON.parse(readFileSync(path.join(dir, "headers.json"), "utf8"));
const bodies = {
  br: readFileSync(`${page}.br`),
  gzip: readFileSync(`${page}.gz`),
  identity: readFileSync(page),
};

serveInWorkers(() =>
  createServer((req, res) => {
    const accepted = (req.headers["accept-encoding"] ?? "").toLowerCase();
    const encoding = /\bbr\b/.test(accepted)
      ? "br"
      : /\bgzip\b/.test(accepted)
        ? "gzip"
        : "identity";
    const body = bodies[encoding];
    res.writeHead(200, {
      ...headers,
      // The product names every response; the same header keeps the same bytes on the wire.
      "X-Request-Id": randomUUID(),
      ...(encoding !== "identity" && { "Content-Encoding": encoding }),
      "Content-Length": String(body.length),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }).listen(Number(port), "127.0.0.1"),
);
