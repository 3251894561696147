import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The contents of a file under data/ that is made once and kept (a secret, a key): read it, or
 * create it with `make()` first. The draft is written aside and linked into place, so processes
 * starting together agree on one value and none reads a half-written file. Owner-only mode.
 */
export function readOrCreateDataFile(file: string, make: () => string): string {
  const target = path.resolve(file);
  if (!existsSync(target)) {
    mkdirSync(path.dirname(target), { recursive: true });
    const draft = `${target}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, make(), { mode: 0o600 });
    try {
      linkSync(draft, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return readFileSync(target, "utf8");
}
