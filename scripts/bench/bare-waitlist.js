// The bench's baseline for the waitlist POST: a bare node:http handler that parses the same JSON and
// makes the same durable insert as the product (one row per email, SQLite in WAL mode with
// synchronous=FULL, as app/platform/db/db.server.ts opens it), with no framework, validation library or
// rate limit around it. Usage: node scripts/bench/bare-waitlist.js PORT DATABASE_FILE
import { createServer } from "node:http";
import SQLite from "better-sqlite3";
import { serveInWorkers } from "./workers.js";

const [port, file] = process.argv.slice(2);
if (!port || !file) throw new Error("usage: bare-waitlist.js PORT DATABASE_FILE");
const MAX_BODY = 16 * 1024;

const db = new SQLite(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
// The columns of app/platform/db/migrations/0002-lead-capture.ts.
db.exec(`create table if not exists waitlist_entry (
  id integer primary key autoincrement,
  email text not null unique,
  name text not null,
  company text not null,
  role text not null,
  consent integer not null,
  product text not null,
  locale text,
  region text,
  client_timestamp text,
  submissions integer not null default 1,
  created_at text not null,
  updated_at text not null
)`);
const insert = db.prepare(`insert into waitlist_entry
  (email, name, company, role, consent, product, locale, region, client_timestamp, created_at, updated_at)
  values (@email, @name, @company, @role, 1, @product, null, null, @timestamp, @now, @now)
  on conflict (email) do update set name = excluded.name, company = excluded.company,
    role = excluded.role, product = excluded.product, client_timestamp = excluded.client_timestamp,
    updated_at = excluded.updated_at, submissions = waitlist_entry.submissions + 1
  returning id, submissions`);

/** @param {import("node:http").ServerResponse} res @param {number} status @param {object} body */
function reply(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

serveInWorkers(() =>
  createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/api/waitlist") return reply(res, 404, {});
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY) return reply(res, 413, {});
      /** @type {Record<string, unknown>} */
      let entry;
      try {
        entry = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return reply(res, 400, {});
      }
      const text = (/** @type {string} */ key) =>
        typeof entry[key] === "string" ? String(entry[key]) : "";
      if (!text("email") || entry.consent !== true) return reply(res, 400, {});
      const row = /** @type {{ id: number, submissions: number }} */ (
        insert.get({
          email: text("email").toLowerCase(),
          name: text("name"),
          company: text("company"),
          role: text("role"),
          product: text("product"),
          timestamp: text("timestamp") || null,
          now: new Date().toISOString(),
        })
      );
      reply(res, row.submissions === 1 ? 201 : 200, { ok: true, created: row.submissions === 1 });
    });
  }).listen(Number(port), "127.0.0.1"),
);
