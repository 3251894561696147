import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { loader } from "~/routes/admin.export";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf } from "../../../tests/integration/call-action";
import { exportDatasetCsv, exportFileName } from "./export.server";

const BOM = "\uFEFF";

/** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== "," && char !== "\n")) {
      cell += char;
    } else {
      record.push(cell);
      cell = "";
      if (char === "\n") {
        records.push(record);
        record = [];
      }
    }
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

async function addContact(name: string, message: string, minute: number) {
  await getDb()
    .insertInto("contact_message")
    .values({
      name,
      email: `${minute}@mail.example`,
      company: null,
      inquiry_type: "general",
      message,
      locale: "th-TH",
      created_at: new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString(),
    })
    .execute();
}

describe("exportDatasetCsv", () => {
  it("writes a header row, then every matching row newest first, neutralising formulas", async () => {
    await addContact("Siti Rahman", 'Pricing, please:\n200 "learners"', 1);
    await addContact('=HYPERLINK("x")', "+1 call me", 2);
    await addContact("สมชาย", "-", 3);

    const { filename, csv } = await exportDatasetCsv("contact", {
      now: new Date("2026-11-22T23:59:00Z"),
    });
    expect(filename).toBe("kestrel-contact-2026-11-22.csv");
    expect(csv.startsWith(BOM)).toBe(true);
    const [header, ...rows] = parseCsv(csv.slice(BOM.length));
    expect(header).toEqual([
      "id",
      "created_at",
      "name",
      "email",
      "company",
      "inquiry_type",
      "message",
      "locale",
    ]);
    expect(rows.map((row) => row.slice(1))).toEqual([
      ["2026-11-01T09:03:00.000Z", "สมชาย", "3@mail.example", "", "general", "'-", "th-TH"],
      [
        "2026-11-01T09:02:00.000Z",
        `'=HYPERLINK("x")`,
        "2@mail.example",
        "",
        "general",
        "'+1 call me",
        "th-TH",
      ],
      [
        "2026-11-01T09:01:00.000Z",
        "Siti Rahman",
        "1@mail.example",
        "",
        "general",
        'Pricing, please:\n200 "learners"',
        "th-TH",
      ],
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("exports only what the search matches, every page of it", async () => {
    for (let i = 0; i < 30; i++) await addContact(`Bank ${i}`, "Hello", i);
    await addContact("Insurer", "Hello", 40);
    const { csv } = await exportDatasetCsv("contact", { q: "bank" });
    const [, ...rows] = parseCsv(csv.slice(BOM.length));
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row[2]?.startsWith("Bank "))).toBe(true);
  });

  it("answers the header alone when nothing matches", async () => {
    const { csv } = await exportDatasetCsv("outbox", { q: "nothing" });
    expect(parseCsv(csv.slice(BOM.length))).toEqual([
      ["id", "created_at", "sent_at", "to_address", "subject", "status", "error", "body"],
    ]);
  });

  it("names the file after the dataset and the day in UTC", () => {
    expect(exportFileName("waitlist", new Date("2026-01-02T03:04:05Z"))).toBe(
      "kestrel-waitlist-2026-01-02.csv",
    );
  });
});

describe("GET /admin/export/:dataset", () => {
  const signedIn = async (role: "learner" | "admin") =>
    (await signInForTest("export", { admin: role === "admin", secondFactor: true })).cookie;

  /** The loader's answer, whether it returned it or threw it (a guard's redirect or 403). */
  async function get(path: string, cookie?: string): Promise<Response> {
    const request = new Request(`http://localhost${path}`, {
      headers: cookie ? { Cookie: cookie } : {},
    });
    const dataset = decodeURIComponent(path.split("?")[0]?.split("/").pop() ?? "");
    return answerOf(() => loader({ request, params: { dataset } } as Parameters<typeof loader>[0]));
  }

  it("sends a visitor to sign in, whatever the dataset", async () => {
    for (const path of ["/admin/export/waitlist.csv", "/admin/export/users.csv"]) {
      const response = await get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("refuses a signed-in learner", async () => {
    const cookie = await signedIn("learner");
    const response = await get("/admin/export/waitlist.csv", cookie);
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Disposition")).toBeNull();
  });

  it("gives an admin the CSV of what the search matches, as a download nobody caches", async () => {
    const cookie = await signedIn("admin");
    await addContact("Siti Rahman", "Hello", 1);
    await addContact("An Nguyen", "Hello", 2);
    const response = await get("/admin/export/contact.csv?q=siti", cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="kestrel-contact-${today}.csv"`,
    );
    const [header, ...rows] = parseCsv((await response.text()).replace(BOM, ""));
    expect(header?.[2]).toBe("name");
    expect(rows.map((row) => row[2])).toEqual(["Siti Rahman"]);
  });

  it("answers 404 to an admin for any other dataset", async () => {
    const cookie = await signedIn("admin");
    for (const dataset of [
      "users.csv",
      "session.csv",
      "waitlist",
      "waitlist.json",
      "outbox.csv.csv",
    ]) {
      expect((await get(`/admin/export/${dataset}`, cookie)).status, dataset).toBe(404);
    }
    expect((await get("/admin/export/outbox.csv", cookie)).status).toBe(200);
  });
});
