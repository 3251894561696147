import { getDb } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";
import { z } from "~/platform/lib/zod";
import { HOLDER_NAME_MAX } from "./constants";

// The name a learner prints on certificates, in any script, kept with their account.

export const HolderNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "training:certificates.name.required")
    .max(HOLDER_NAME_MAX, "training:certificates.name.tooLong")
    // Letters, marks (Thai and Tamil vowel signs), spaces and ordinary punctuation; no control or
    // invisible format characters that would print as nothing or reorder the line.
    .regex(/^[\p{L}\p{M}\p{N}\p{Zs}\p{P}]+$/u, "training:certificates.name.invalid")
    .transform((name) => name.normalize("NFC").replace(/\s+/g, " ")),
});

export async function getHolderName(userId: string): Promise<string | null> {
  const row = await getDb()
    .selectFrom("certificate_holder")
    .select("name")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The names these learners print on certificates, by user id (only those who saved one). */
export async function holderNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await inChunks(userIds, (slice) =>
    getDb()
      .selectFrom("certificate_holder")
      .select(["user_id", "name"])
      .where("user_id", "in", slice)
      .execute(),
  );
  return new Map(rows.map((row) => [row.user_id, row.name]));
}

export async function setHolderName(userId: string, name: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await getDb()
    .insertInto("certificate_holder")
    .values({ user_id: userId, name, updated_at: updatedAt })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ name, updated_at: updatedAt }),
    )
    .execute();
}
