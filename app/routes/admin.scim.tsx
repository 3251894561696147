import { Form, data, useNavigation } from "react-router";
import { adminPageMeta } from "~/domain/admin";
import { chosenOrganisation } from "~/domain/compliance/index.server";
import {
  SCIM_PATH,
  activeToken,
  auditTrail,
  issueToken,
  revokeToken,
} from "~/domain/scim/index.server";
import { requireAdmin } from "~/platform/auth/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { getEnv } from "~/platform/lib/env.server";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import admin from "../../locales/en/admin.json";
import type { Route } from "./+types/admin.scim";

addEnglishNamespaces({ admin });

// /admin/scim: an organisation's SCIM provisioning (docs/decisions/050): the base URL to paste
// into Entra ID or Okta, the bearer token (issued and shown once, rotated, revoked) and the audit
// of every token change and provisioning call. `?organisation=<id>` picks the organisation.
export const meta: Route.MetaFunction = ({ matches }) => adminPageMeta(matches, "admin:nav.scim");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { organisations, organisation } = await chosenOrganisation(request);
  return {
    organisations: organisations.map(({ id, name }) => ({ id, name })),
    organisation: organisation ? { id: organisation.id, name: organisation.name } : null,
    baseUrl: `${new URL(getEnv().APP_URL).origin}${SCIM_PATH}`,
    token: organisation ? await activeToken(organisation.id) : null,
    audit: organisation ? await auditTrail(organisation.id) : [],
  };
}

const INTENTS = ["issue", "revoke"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const { organisation } = await chosenOrganisation(request);
  if (!organisation) throw new Response("Not found", { status: 404 });
  const { intent } = await readFormFields(request);
  if (!INTENTS.includes(intent as Intent)) {
    return data({ intent: null, ok: false as const, token: null }, 400);
  }
  if (intent === "revoke") {
    const revoked = await revokeToken(organisation.id, user.email);
    return data({ intent, ok: revoked, token: null }, revoked ? 200 : 409);
  }
  // Shown once, in this answer only: the database keeps its hash.
  return { intent, ok: true, token: await issueToken(organisation.id, user.email) };
}

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

export default function AdminScim({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const { organisations, organisation, baseUrl, token, audit } = loaderData;
  const issued = navigation.state === "idle" && actionData?.token ? actionData.token : null;
  const columns: Column<(typeof audit)[number]>[] = [
    {
      key: "when",
      header: t("scim.auditWhen"),
      className: "whitespace-nowrap",
      cell: (entry) => <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>,
    },
    { key: "actor", header: t("scim.auditActor"), cell: (entry) => entry.actor },
    {
      key: "action",
      header: t("scim.auditAction"),
      className: "font-mono break-all",
      cell: (entry) => entry.action,
    },
    {
      key: "status",
      header: t("scim.auditResult"),
      align: "end",
      cell: (entry) => (entry.status === 0 ? t("scim.done") : entry.status),
    },
    { key: "detail", header: t("scim.auditDetail"), cell: (entry) => entry.detail },
  ];

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold">{t("scim.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("scim.intro")}</p>
      </div>
      {organisation === null ? (
        <p>{t("scim.none")}</p>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor="organisation" className="text-sm font-medium">
                {t("scim.organisation")}
              </label>
              <select
                id="organisation"
                name="organisation"
                defaultValue={organisation.id}
                key={organisation.id}
                className={`${controlClass} w-auto`}
              >
                {organisations.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary">
              {t("scim.show")}
            </Button>
          </Form>

          <Card>
            <h3 className="text-xl font-bold" data-testid="scim-organisation">
              {organisation.name}
            </h3>
            <div className="mt-4 space-y-1">
              <label htmlFor="scim-base-url" className="text-sm font-medium">
                {t("scim.baseUrl")}
              </label>
              <input
                id="scim-base-url"
                readOnly
                value={baseUrl}
                className={`${controlClass} font-mono`}
              />
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("scim.baseUrlHelp")}</p>
            </div>

            {issued ? (
              <div
                role="status"
                className="mt-6 rounded-lg border border-amber-400 bg-amber-50 p-4 dark:border-amber-500 dark:bg-amber-950"
              >
                <label htmlFor="scim-new-token" className="font-semibold">
                  {t("scim.newToken")}
                </label>
                <input
                  id="scim-new-token"
                  readOnly
                  value={issued}
                  data-testid="scim-token"
                  className={`${controlClass} mt-2 font-mono`}
                />
                <p className="mt-2 text-sm">{t("scim.newTokenHelp")}</p>
              </div>
            ) : null}
            {actionData && !actionData.ok ? (
              <FormAlert className="mt-6">
                {actionData.intent === "revoke" ? t("scim.failed") : t("scim.refused")}
              </FormAlert>
            ) : null}

            <p className="mt-6" data-testid="scim-token-state">
              {token
                ? t("scim.tokenInForce", {
                    id: token.id,
                    createdAt: when(token.createdAt),
                    createdBy: token.createdBy,
                  })
                : t("scim.noToken")}{" "}
              {token
                ? token.lastUsedAt
                  ? t("scim.lastUsed", { at: when(token.lastUsedAt) })
                  : t("scim.neverUsed")
                : null}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="issue" />
                <SubmitButton pending={pending === "issue"} pendingLabel={t("scim.issuing")}>
                  {token ? t("scim.rotate") : t("scim.issue")}
                </SubmitButton>
              </Form>
              {token ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <Button type="submit" variant="secondary" disabled={pending === "revoke"}>
                    {t("scim.revoke")}
                  </Button>
                </Form>
              ) : null}
            </div>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {token ? t("scim.rotateHelp") : t("scim.issueHelp")}
            </p>
          </Card>

          <section aria-labelledby="scim-audit">
            <h3 id="scim-audit" className="text-xl font-bold">
              {t("scim.auditTitle")}
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("scim.auditIntro")}
            </p>
            <div className="mt-3">
              <DataTable
                variant="compact"
                labelledBy="scim-audit"
                columns={columns}
                rows={audit}
                none={t("scim.auditNone")}
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
