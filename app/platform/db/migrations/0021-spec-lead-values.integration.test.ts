import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { down, up } from "./0021-spec-lead-values";

// Stored leads move to SPEC §3's vocabulary, and back.
describe("0021: SPEC values for inquiry types and use cases", () => {
  it("moves stored rows to the SPEC's values and back", async () => {
    const db = getDb();
    const at = new Date().toISOString();
    const email = `migration-${Date.now()}@bank.example`;
    for (const inquiry_type of ["sales", "media", "partnership"]) {
      await db
        .insertInto("contact_message")
        .values({
          name: "Siti",
          email,
          company: null,
          inquiry_type,
          message: "Hi",
          locale: null,
          created_at: at,
        })
        .execute();
    }
    for (const use_case of ["aml", "fraud", "esg", "privacy", "other", null]) {
      await db
        .insertInto("demo_request")
        .values({
          name: "An",
          email,
          company: "Saigon Credit",
          job_title: null,
          company_size: null,
          use_case,
          preferred_time: null,
          details: null,
          locale: null,
          created_at: at,
        })
        .execute();
    }
    const read = async () => ({
      inquiries: (
        await db
          .selectFrom("contact_message")
          .select("inquiry_type")
          .where("email", "=", email)
          .orderBy("id")
          .execute()
      ).map((row) => row.inquiry_type),
      useCases: (
        await db
          .selectFrom("demo_request")
          .select("use_case")
          .where("email", "=", email)
          .orderBy("id")
          .execute()
      ).map((row) => row.use_case),
    });

    await up(db as never);
    expect(await read()).toEqual({
      inquiries: ["enterprise", "general", "partnership"],
      useCases: [
        "aml-compliance",
        "risk-management",
        "esg-reporting",
        "regulatory-compliance",
        "multiple",
        null,
      ],
    });
    await down(db as never);
    expect((await read()).useCases).toEqual(["aml", "fraud", "esg", "other", "other", null]);
    expect((await read()).inquiries).toEqual(["sales", "general", "partnership"]);
  });
});
