import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/lib/env.server";
import {
  addAllowlistEntry,
  checkPilotAccess,
  listAllowlist,
  listAllowlistChanges,
  removeAllowlistEntry,
} from "./allowlist.server";
import { AllowlistEntrySchema } from "./schema";

const closed = parseEnv({});

describe("checkPilotAccess", () => {
  it("lets in nobody by default", async () => {
    expect(await checkPilotAccess("mei@bank.example", closed)).toEqual({
      allowed: false,
      organisation: null,
      via: null,
    });
  });

  it("reads the environment: domains, addresses, administrators, the open door", async () => {
    const env = parseEnv({
      PILOT_DOMAINS: "bank.example",
      PILOT_EMAILS: "lead@partner.example",
      ADMIN_EMAILS: "ops@kestrel.example",
    });
    expect((await checkPilotAccess("Mei@Bank.Example", env)).allowed).toBe(true);
    expect((await checkPilotAccess("lead@partner.example", env)).via).toBe("environment");
    expect((await checkPilotAccess("other@partner.example", env)).allowed).toBe(false);
    expect((await checkPilotAccess("ops@kestrel.example", env)).via).toBe("admin");
    // A domain entry must match the whole domain, not a suffix of it.
    expect((await checkPilotAccess("x@evilbank.example", env)).allowed).toBe(false);
    const open = parseEnv({ PILOT_OPEN: "true" });
    expect(await checkPilotAccess("anyone@anywhere.example", open)).toMatchObject({
      allowed: true,
      via: "open",
    });
  });

  it("reads the entries admins add, naming the organisation", async () => {
    await addAllowlistEntry(
      { kind: "domain", value: "insurer.example", organisation: "Insurer Ltd" },
      "ops@kestrel.example",
    );
    await addAllowlistEntry({ kind: "email", value: "cfo@insurer.example" }, "ops@k.example");
    expect(await checkPilotAccess("claims@insurer.example", closed)).toEqual({
      allowed: true,
      organisation: "Insurer Ltd",
      via: "allowlist",
    });
    expect((await checkPilotAccess("cfo@insurer.example", closed)).organisation).toBe(
      "insurer.example",
    );
  });
});

describe("allowlist changes", () => {
  it("records who added and removed what, and refuses a duplicate", async () => {
    const entry = AllowlistEntrySchema.parse({ value: "@Bank.Example", organisation: " Bank " });
    expect(entry).toEqual({ kind: "domain", value: "bank.example", organisation: "Bank" });
    expect(await addAllowlistEntry(entry, "ana@kestrel.example")).toBe(true);
    expect(await addAllowlistEntry(entry, "ben@kestrel.example")).toBe(false);
    const [stored] = await listAllowlist();
    expect(stored).toMatchObject({ value: "bank.example", addedBy: "ana@kestrel.example" });
    const id = stored?.id ?? -1;
    expect(await removeAllowlistEntry(id, "ben@kestrel.example")).toBe(true);
    expect(await removeAllowlistEntry(id, "ben@kestrel.example")).toBe(false);
    const changes = await listAllowlistChanges();
    expect(changes.map((c) => [c.action, c.value, c.actor_email])).toEqual([
      ["remove", "bank.example", "ben@kestrel.example"],
      ["add", "bank.example", "ana@kestrel.example"],
    ]);
  });

  it("validates what an admin types", () => {
    const parse = (value: string) => AllowlistEntrySchema.safeParse({ value });
    expect(parse("lead@partner.example").data).toMatchObject({ kind: "email" });
    for (const bad of ["", "   ", "not a domain", "a@b", "x".repeat(300), "<script>.example"]) {
      expect(parse(bad).success, bad).toBe(false);
    }
  });
});
