// Prints the newest mails in the outbox: how a machine without SMTP_URL reads its sign-in codes.
// Usage: npm run outbox [-- COUNT]   (reads DATABASE_URL like the server, default data/kestrel.db)
import SQLite from "better-sqlite3";
import pg from "pg";

const count = Math.min(Math.max(Number(process.argv[2]) || 5, 1), 100);
const url = process.env.DATABASE_URL || "data/kestrel.db";
const query =
  "select id, to_address, subject, body, status, created_at from outbox order by id desc limit ";

/** @type {{ id: number, to_address: string, subject: string, body: string, status: string, created_at: string }[]} */
let rows;
if (/^postgres(ql)?:\/\//i.test(url)) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  rows = (await client.query(`${query}$1`, [count])).rows;
  await client.end();
} else {
  const db = new SQLite(url.replace(/^(sqlite|file):(\/\/)?/, ""), {
    readonly: true,
    fileMustExist: true,
  });
  rows = /** @type {typeof rows} */ (db.prepare(`${query}?`).all(count));
  db.close();
}

if (rows.length === 0) console.log("The outbox is empty.");
for (const row of rows.reverse()) {
  console.log(`#${row.id}  ${row.created_at}  ${row.status}  to ${row.to_address}`);
  console.log(`Subject: ${row.subject}\n\n${row.body}\n${"-".repeat(60)}`);
}
