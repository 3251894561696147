// A local SMTP server for the browser suite: it speaks the real protocol, accepts every message and
// appends it to a JSON-lines file the tests read. Usage: node scripts/smtp-sink.js PORT FILE
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2] ?? 3125);
const file = process.argv[3] ?? "data/e2e/mail.jsonl";
mkdirSync(path.dirname(file), { recursive: true });

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      appendFileSync(
        file,
        `${JSON.stringify({ to, data: Buffer.concat(chunks).toString("utf8") })}\n`,
      );
      callback();
    });
  },
});

server.listen(port, "127.0.0.1", () =>
  console.log(`SMTP sink on 127.0.0.1:${port}, writing ${file}`),
);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
