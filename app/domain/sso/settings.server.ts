import { ensureOrganisation, listOrganisations } from "~/domain/compliance/index.server";
import { getDb } from "~/platform/db/db.server";
import type { SsoAuditEventTable } from "~/platform/db/schema";
import { OidcError, discover, fetchJwks } from "./oidc.server";
import type { SsoSettingsInput } from "./schema";
import { openSecret, sealSecret } from "./secret-box.server";

// Each organisation's OpenID provider as its administrators set it (decision 048), and the audit
// trail: every change of the settings, every connection test, every sign-in and refused sign-in.

export interface SsoSettings {
  organisationId: number;
  organisationName: string;
  issuer: string;
  clientId: string;
  domains: string[];
  nameClaim: string;
  emailClaim: string;
  groupsClaim: string;
  emailCodes: "allowed" | "forbidden";
  updatedAt: string;
  updatedBy: string;
}

/** The settings with the client secret, only for the sign-in itself. */
export interface SsoConnection extends SsoSettings {
  clientSecret: string | null;
}

export type SsoEventKind = SsoAuditEventTable["kind"];

export async function recordSsoEvent(
  event: {
    organisationId: number | null;
    kind: SsoEventKind;
    actor: string | null;
    detail: string;
  },
  now = new Date(),
): Promise<void> {
  await getDb()
    .insertInto("sso_audit_event")
    .values({
      organisation_id: event.organisationId,
      kind: event.kind,
      actor: event.actor?.slice(0, 320) ?? null,
      detail: event.detail.slice(0, 1000),
      created_at: now.toISOString(),
    })
    .execute();
}

export async function listSsoEvents(limit = 100, organisationId?: number) {
  let query = getDb()
    .selectFrom("sso_audit_event")
    .select(["id", "organisation_id", "kind", "actor", "detail", "created_at"]);
  if (organisationId !== undefined) query = query.where("organisation_id", "=", organisationId);
  const [rows, names] = await Promise.all([
    query.orderBy("id", "desc").limit(limit).execute(),
    organisationNames(),
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    organisationId: row.organisation_id === null ? null : Number(row.organisation_id),
    organisationName:
      row.organisation_id === null ? null : (names.get(Number(row.organisation_id)) ?? null),
    kind: row.kind,
    actor: row.actor,
    detail: row.detail,
    createdAt: row.created_at,
  }));
}

async function organisationNames(): Promise<Map<number, string>> {
  return new Map(
    (await listOrganisations()).map((organisation) => [organisation.id, organisation.name]),
  );
}

async function readSettings(organisationId?: number): Promise<SsoConnection[]> {
  const db = getDb();
  let query = db.selectFrom("organisation_sso").selectAll();
  if (organisationId !== undefined) query = query.where("organisation_id", "=", organisationId);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const names = await organisationNames();
  const domains = await db
    .selectFrom("organisation_sso_domain")
    .select(["domain", "organisation_id"])
    .where(
      "organisation_id",
      "in",
      rows.map((row) => row.organisation_id),
    )
    .orderBy("domain")
    .execute();
  return rows.map((row) => {
    const id = Number(row.organisation_id);
    return {
      organisationId: id,
      organisationName: names.get(id) ?? "",
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: openSecret(row.client_secret, id),
      domains: domains
        .filter((domain) => Number(domain.organisation_id) === id)
        .map((domain) => domain.domain),
      nameClaim: row.name_claim,
      emailClaim: row.email_claim,
      groupsClaim: row.groups_claim,
      emailCodes: row.email_codes,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  });
}

const withoutSecret = ({ clientSecret: _secret, ...settings }: SsoConnection): SsoSettings =>
  settings;

/** Every organisation's settings by organisation name, the client secrets left out. */
export async function listSsoSettings(): Promise<SsoSettings[]> {
  return (await readSettings())
    .map(withoutSecret)
    .sort((a, b) => a.organisationName.localeCompare(b.organisationName));
}

/** One organisation's settings with its secret (decrypted), for a sign-in or a test. */
export async function ssoConnectionOf(organisationId: number): Promise<SsoConnection | null> {
  return (await readSettings(organisationId))[0] ?? null;
}

/** The organisation whose provider signs in this email's domain, if any. */
export async function ssoOrganisationForEmail(
  email: string,
): Promise<{ organisationId: number; emailCodes: "allowed" | "forbidden" } | null> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  const row = await getDb()
    .selectFrom("organisation_sso_domain")
    .innerJoin(
      "organisation_sso",
      "organisation_sso.organisation_id",
      "organisation_sso_domain.organisation_id",
    )
    .select(["organisation_sso.organisation_id", "organisation_sso.email_codes"])
    .where("organisation_sso_domain.domain", "=", domain)
    .executeTakeFirst();
  return row ? { organisationId: Number(row.organisation_id), emailCodes: row.email_codes } : null;
}

/** Whether any of these organisations signs in through its provider only. */
export async function emailCodesForbiddenIn(organisationIds: number[]): Promise<boolean> {
  if (organisationIds.length === 0) return false;
  const row = await getDb()
    .selectFrom("organisation_sso")
    .select("organisation_id")
    .where("organisation_id", "in", organisationIds)
    .where("email_codes", "=", "forbidden")
    .executeTakeFirst();
  return Boolean(row);
}

export type SaveSsoResult =
  { ok: true } | { ok: false; field: "clientSecret" | "domains"; message: string };

const FIELD_LABELS: [keyof SsoSettings & keyof SsoSettingsInput, string][] = [
  ["issuer", "issuer"],
  ["clientId", "client id"],
  ["nameClaim", "name claim"],
  ["emailClaim", "email claim"],
  ["groupsClaim", "groups claim"],
  ["emailCodes", "email codes"],
];

/** What an edit changed, in words for the audit trail (the secret only as "replaced"). */
function describeChange(before: SsoSettings | null, after: SsoSettingsInput, secret: boolean) {
  if (!before) {
    return `configured: issuer ${after.issuer}, client id ${after.clientId}, domains ${after.domains.join(", ")}, claims ${after.nameClaim}/${after.emailClaim}/${after.groupsClaim}, email codes ${after.emailCodes}`;
  }
  const changes = FIELD_LABELS.filter(([key]) => before[key] !== after[key]).map(
    ([key, label]) => `${label} ${String(before[key])} → ${String(after[key])}`,
  );
  if (before.domains.join(",") !== after.domains.join(",")) {
    changes.push(`domains ${before.domains.join(", ")} → ${after.domains.join(", ")}`);
  }
  if (secret) changes.push("client secret replaced");
  return changes.length > 0 ? changes.join("; ") : "saved without changes";
}

/** Stores an organisation's settings (a blank secret keeps the stored one) and records the change. */
export async function saveSsoSettings(
  input: SsoSettingsInput,
  actorEmail: string,
  now = new Date(),
): Promise<SaveSsoResult> {
  const db = getDb();
  const existing = (await listOrganisations()).find((org) => org.name === input.organisation);
  const before = existing ? ((await readSettings(existing.id))[0] ?? null) : null;
  if (!before && !input.clientSecret) {
    return { ok: false, field: "clientSecret", message: "admin:sso.secretRequired" };
  }
  let takenQuery = db
    .selectFrom("organisation_sso_domain")
    .select("domain")
    .where("domain", "in", input.domains);
  if (existing) takenQuery = takenQuery.where("organisation_id", "!=", existing.id);
  if (await takenQuery.executeTakeFirst()) {
    return { ok: false, field: "domains", message: "admin:sso.domainTaken" };
  }
  const organisationId = existing?.id ?? (await ensureOrganisation(input.organisation, { now })).id;

  const at = now.toISOString();
  const values = {
    issuer: input.issuer,
    client_id: input.clientId,
    name_claim: input.nameClaim,
    email_claim: input.emailClaim,
    groups_claim: input.groupsClaim,
    email_codes: input.emailCodes,
    updated_at: at,
    updated_by: actorEmail,
    ...(input.clientSecret && {
      client_secret: sealSecret(input.clientSecret, organisationId),
    }),
  };
  await db.transaction().execute(async (trx) => {
    if (before) {
      await trx
        .updateTable("organisation_sso")
        .set(values)
        .where("organisation_id", "=", organisationId)
        .execute();
    } else {
      await trx
        .insertInto("organisation_sso")
        .values({
          organisation_id: organisationId,
          client_secret: sealSecret(input.clientSecret ?? "", organisationId),
          ...values,
        })
        .execute();
    }
    await trx
      .deleteFrom("organisation_sso_domain")
      .where("organisation_id", "=", organisationId)
      .execute();
    await trx
      .insertInto("organisation_sso_domain")
      .values(input.domains.map((domain) => ({ domain, organisation_id: organisationId })))
      .execute();
    await trx
      .insertInto("sso_audit_event")
      .values({
        organisation_id: organisationId,
        kind: "settings.saved",
        actor: actorEmail,
        detail: describeChange(before, input, Boolean(input.clientSecret)).slice(0, 1000),
        created_at: at,
      })
      .execute();
  });
  return { ok: true };
}

/** Removes an organisation's provider: its people sign in with email codes again. */
export async function removeSsoSettings(
  organisationId: number,
  actorEmail: string,
  now = new Date(),
): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .deleteFrom("organisation_sso")
        .where("organisation_id", "=", organisationId)
        .returning("issuer")
        .executeTakeFirst();
      if (!removed) return false;
      await trx
        .deleteFrom("organisation_sso_domain")
        .where("organisation_id", "=", organisationId)
        .execute();
      await trx
        .insertInto("sso_audit_event")
        .values({
          organisation_id: organisationId,
          kind: "settings.removed",
          actor: actorEmail,
          detail: `removed (issuer ${removed.issuer}); email codes apply again`,
          created_at: now.toISOString(),
        })
        .execute();
      return true;
    });
}

export interface ConnectionReport {
  ok: boolean;
  /** What was checked, in order, each with what was found. */
  steps: { label: string; ok: boolean; detail: string }[];
}

/** Fetches the discovery document and the key set, and says plainly what works and what not. */
export async function testSsoConnection(
  organisationId: number,
  actorEmail: string,
): Promise<ConnectionReport | null> {
  const connection = await ssoConnectionOf(organisationId);
  if (!connection) return null;
  const steps: ConnectionReport["steps"] = [];
  try {
    const discovery = await discover(connection.issuer);
    steps.push({
      label: "Discovery",
      ok: true,
      detail: `${connection.issuer}/.well-known/openid-configuration names the issuer and its endpoints`,
    });
    const keys = await fetchJwks(discovery.jwks_uri);
    const types = [...new Set(keys.map((key) => key.kty))].join(", ");
    steps.push({
      label: "Signing keys",
      ok: true,
      detail: `${keys.length} published at ${discovery.jwks_uri} (${types})`,
    });
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    steps.push({
      label: steps.length === 0 ? "Discovery" : "Signing keys",
      ok: false,
      detail: error.message,
    });
  }
  steps.push(
    connection.clientSecret === null
      ? {
          label: "Client secret",
          ok: false,
          detail: "stored under another key (SSO_ENCRYPTION_KEY changed): enter it again",
        }
      : { label: "Client secret", ok: true, detail: "stored and readable" },
  );
  const ok = steps.every((step) => step.ok);
  await recordSsoEvent({
    organisationId,
    kind: "connection.tested",
    actor: actorEmail,
    detail: `${ok ? "passed" : "failed"}: ${steps.map((step) => `${step.label}: ${step.detail}`).join("; ")}`,
  });
  return { ok, steps };
}
