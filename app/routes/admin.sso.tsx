import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, useNavigation, useSearchParams } from "react-router";
import { adminPageMeta } from "~/domain/admin";
import { listOrganisations } from "~/domain/compliance/index.server";
import {
  DEFAULT_CLAIMS,
  EMAIL_CODE_CHOICES,
  SSO_INTENTS,
  SsoSettingsSchema,
} from "~/domain/sso/forms";
import {
  SSO_CALLBACK_PATH,
  listSsoEvents,
  listSsoSettings,
  removeSsoSettings,
  saveSsoSettings,
  testSsoConnection,
} from "~/domain/sso/index.server";
import { requireAdmin } from "~/platform/auth/index.server";
import { addEnglishNamespaces, useFieldMessage, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { getEnv } from "~/platform/lib/env.server";
import { replyError } from "~/platform/lib/reply";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import { buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import admin from "../../locales/en/admin.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/admin.sso";

addEnglishNamespaces({ admin, validation });

// Single sign-on per organisation (decision 048): the provider's settings, a connection test, and
// the audit trail of every change and every sign-in through a provider.

export const meta: Route.MetaFunction = ({ matches }) => adminPageMeta(matches, "admin:nav.sso");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [settings, organisations, events] = await Promise.all([
    listSsoSettings(),
    listOrganisations(),
    listSsoEvents(),
  ]);
  return {
    settings: settings.map((row) => ({ ...row, id: row.organisationId })),
    organisations: organisations.map((organisation) => ({
      id: organisation.id,
      name: organisation.name,
    })),
    events,
    redirectUri: `${getEnv().APP_URL}${SSO_CALLBACK_PATH}`,
  };
}

const organisationIdOf = (value: unknown) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const fields = await readFormFields(request);
  if (fields.intent === SSO_INTENTS.test || fields.intent === SSO_INTENTS.remove) {
    const intent = fields.intent;
    const id = organisationIdOf(fields.organisationId);
    const notFound = data(
      { intent, ok: false as const, error: replyError("not_found"), report: null },
      404,
    );
    if (id === null) return notFound;
    if (intent === SSO_INTENTS.remove) {
      return (await removeSsoSettings(id, user.email))
        ? { intent, ok: true as const, report: null }
        : notFound;
    }
    const report = await testSsoConnection(id, user.email);
    return report ? { intent, ok: true as const, report, organisationId: id } : notFound;
  }
  const submission = parseWithZod(new URLSearchParams(fields), { schema: SsoSettingsSchema });
  if (submission.status !== "success") {
    return data({ intent: SSO_INTENTS.save, ...formRefused(submission, "validation") }, 400);
  }
  const saved = await saveSsoSettings(submission.value, user.email);
  if (!saved.ok) {
    const refused = formRefused(submission, "validation", {
      message: saved.message,
      field: saved.field,
      hideFields: ["clientSecret"],
    });
    return data({ intent: SSO_INTENTS.save, ...refused }, saved.field === "domains" ? 409 : 400);
  }
  return { intent: SSO_INTENTS.save, ...formAccepted(submission) };
}

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** The question takes the place of the link that asked it: focus goes to its answer. */
const focusOnMount = (element: HTMLButtonElement | null) => element?.focus();

export default function AdminSso({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "validation"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const editing = loaderData.settings.find(
    (settings) => String(settings.organisationId) === search.get("edit"),
  );
  const confirming = search.get("remove");
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: `sso-settings-${editing?.organisationId ?? "new"}`,
    lastResult:
      navigation.state === "idle" && actionData?.intent === "save" && "result" in actionData
        ? actionData.result
        : undefined,
    defaultValue: editing
      ? {
          organisation: editing.organisationName,
          issuer: editing.issuer,
          clientId: editing.clientId,
          domains: editing.domains.join(", "),
          nameClaim: editing.nameClaim,
          emailClaim: editing.emailClaim,
          groupsClaim: editing.groupsClaim,
          emailCodes: editing.emailCodes,
        }
      : {
          ...{ nameClaim: DEFAULT_CLAIMS.name, emailClaim: DEFAULT_CLAIMS.email },
          groupsClaim: DEFAULT_CLAIMS.groups,
          emailCodes: "allowed",
        },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SsoSettingsSchema }),
  });
  const formError = message(form.errors);
  const report =
    actionData?.intent === "test" && actionData.ok && "report" in actionData
      ? actionData.report
      : null;
  const configured = new Set(loaderData.settings.map((settings) => settings.organisationId));

  const columns: Column<(typeof loaderData.settings)[number]>[] = [
    { key: "organisation", header: t("sso.organisation"), cell: (row) => row.organisationName },
    { key: "issuer", header: t("sso.issuer"), className: "font-mono", cell: (row) => row.issuer },
    { key: "domains", header: t("sso.domains"), cell: (row) => row.domains.join(", ") },
    {
      key: "codes",
      header: t("sso.emailCodes"),
      cell: (row) => t(`sso.emailCodeChoices.${row.emailCodes}`),
    },
    {
      key: "updated",
      header: t("sso.updated"),
      cell: (row) => `${row.updatedBy} · ${when(row.updatedAt)}`,
    },
    {
      key: "actions",
      header: t("sso.actions"),
      hideHeader: true,
      align: "end",
      cell: (row) =>
        confirming === String(row.organisationId) ? (
          <Form
            method="post"
            action="?"
            preventScrollReset
            className="flex flex-wrap items-center justify-end gap-2"
          >
            <input type="hidden" name="intent" value={SSO_INTENTS.remove} />
            <input type="hidden" name="organisationId" value={row.organisationId} />
            <span role="alert" className="text-sm">
              {t("sso.confirmRemove", { organisation: row.organisationName })}
            </span>
            <button type="submit" className={buttonClasses("primary")} ref={focusOnMount}>
              {t("sso.confirmRemoveButton")}
            </button>
            <Link to="?" preventScrollReset className="focus-ring rounded text-sm underline">
              {t("sso.cancel")}
            </Link>
          </Form>
        ) : (
          <div className="flex flex-wrap justify-end gap-2">
            <Form method="post" action="?" preventScrollReset>
              <input type="hidden" name="intent" value={SSO_INTENTS.test} />
              <input type="hidden" name="organisationId" value={row.organisationId} />
              <button type="submit" className={buttonClasses("secondary")}>
                {t("sso.test")}
                <span className="sr-only"> {row.organisationName}</span>
              </button>
            </Form>
            <Link to={`?edit=${row.organisationId}`} className={buttonClasses("secondary")}>
              {t("sso.edit")}
              <span className="sr-only"> {row.organisationName}</span>
            </Link>
            <Link
              to={`?remove=${row.organisationId}`}
              preventScrollReset
              className={buttonClasses("secondary")}
            >
              {t("sso.remove")}
              <span className="sr-only"> {row.organisationName}</span>
            </Link>
          </div>
        ),
    },
  ];
  const eventColumns: Column<(typeof loaderData.events)[number]>[] = [
    {
      key: "when",
      header: t("sso.when"),
      cell: (event) => <time dateTime={event.createdAt}>{when(event.createdAt)}</time>,
    },
    {
      key: "organisation",
      header: t("sso.organisation"),
      cell: (event) => event.organisationName ?? "—",
    },
    { key: "kind", header: t("sso.what"), cell: (event) => t(`sso.kinds.${event.kind}`) },
    { key: "actor", header: t("sso.who"), cell: (event) => event.actor ?? "—" },
    { key: "detail", header: t("sso.detail"), cell: (event) => event.detail },
  ];

  return (
    <div className="space-y-8">
      <Card>
        <h2 className="text-xl font-bold">
          {editing
            ? t("sso.editTitle", { organisation: editing.organisationName })
            : t("sso.addTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("sso.addBody")} <span className="font-mono">{loaderData.redirectUri}</span>
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value={SSO_INTENTS.save} />
          <FormField
            field={fields.organisation}
            message={message}
            label={t("sso.organisation")}
            hint={t("sso.organisationHint")}
          >
            <input
              {...getInputProps(fields.organisation, { type: "text" })}
              key={fields.organisation.key}
              list="sso-organisations"
              readOnly={Boolean(editing)}
              className={controlClass}
            />
          </FormField>
          <datalist id="sso-organisations">
            {loaderData.organisations
              .filter((organisation) => !configured.has(organisation.id))
              .map((organisation) => (
                <option key={organisation.id} value={organisation.name} />
              ))}
          </datalist>
          <FormField
            field={fields.issuer}
            message={message}
            label={t("sso.issuer")}
            hint={t("sso.issuerHint")}
          >
            <input
              {...getInputProps(fields.issuer, { type: "url" })}
              key={fields.issuer.key}
              placeholder="https://login.bank.example/realms/staff"
              className={controlClass}
            />
          </FormField>
          <FormField field={fields.clientId} message={message} label={t("sso.clientId")}>
            <input
              {...getInputProps(fields.clientId, { type: "text" })}
              key={fields.clientId.key}
              className={controlClass}
            />
          </FormField>
          <FormField
            field={fields.clientSecret}
            message={message}
            label={t("sso.clientSecret")}
            hint={editing ? t("sso.clientSecretKeep") : t("sso.clientSecretHint")}
          >
            <input
              {...getInputProps(fields.clientSecret, { type: "password" })}
              key={fields.clientSecret.key}
              autoComplete="off"
              className={controlClass}
            />
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              field={fields.domains}
              message={message}
              label={t("sso.domains")}
              hint={t("sso.domainsHint")}
            >
              <textarea
                {...getTextareaProps(fields.domains)}
                key={fields.domains.key}
                rows={2}
                placeholder="bank.example, bank.example.sg"
                className={controlClass}
              />
            </FormField>
          </div>
          <FormField field={fields.nameClaim} message={message} label={t("sso.nameClaim")}>
            <input
              {...getInputProps(fields.nameClaim, { type: "text" })}
              key={fields.nameClaim.key}
              className={controlClass}
            />
          </FormField>
          <FormField field={fields.emailClaim} message={message} label={t("sso.emailClaim")}>
            <input
              {...getInputProps(fields.emailClaim, { type: "text" })}
              key={fields.emailClaim.key}
              className={controlClass}
            />
          </FormField>
          <FormField
            field={fields.groupsClaim}
            message={message}
            label={t("sso.groupsClaim")}
            hint={t("sso.groupsHint")}
          >
            <input
              {...getInputProps(fields.groupsClaim, { type: "text" })}
              key={fields.groupsClaim.key}
              className={controlClass}
            />
          </FormField>
          <FormField field={fields.emailCodes} message={message} label={t("sso.emailCodes")}>
            <select
              {...getSelectProps(fields.emailCodes)}
              key={fields.emailCodes.key}
              className={controlClass}
            >
              {EMAIL_CODE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`sso.emailCodeChoices.${choice}`)}
                </option>
              ))}
            </select>
          </FormField>
          <div className="flex items-end gap-3 sm:col-span-2">
            <SubmitButton pending={saving} pendingLabel={t("sso.saving")}>
              {t("sso.save")}
            </SubmitButton>
            {editing ? (
              <Link to="?" className="focus-ring rounded text-sm underline">
                {t("sso.cancel")}
              </Link>
            ) : null}
          </div>
          {formError ? (
            <FormAlert id={form.errorId} className="sm:col-span-2">
              {formError}
            </FormAlert>
          ) : null}
          {actionData?.intent === "save" && actionData.ok ? (
            <p
              role="status"
              className="text-sm font-medium text-green-800 dark:text-green-300 sm:col-span-2"
            >
              {t("sso.saved")}
            </p>
          ) : null}
        </Form>
      </Card>

      <section aria-labelledby="sso-configured">
        <h2 id="sso-configured" className="text-xl font-bold">
          {t("sso.configuredTitle")}
        </h2>
        {report ? (
          <div
            role="status"
            className="mt-3 rounded-lg border border-slate-300 p-4 dark:border-slate-600"
          >
            <p className="font-medium">{report.ok ? t("sso.testPassed") : t("sso.testFailed")}</p>
            <ul className="mt-2 space-y-1 text-sm">
              {report.steps.map((step) => (
                <li key={step.label}>
                  {step.ok ? "✓" : "✗"} <span className="font-medium">{step.label}</span>:{" "}
                  {step.detail}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {loaderData.settings.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("sso.none")}</p>
        ) : (
          <div className="mt-3">
            <DataTable
              variant="compact"
              caption={t("sso.configuredTitle")}
              columns={columns}
              rows={loaderData.settings}
              none={t("tables.none")}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="sso-audit">
        <h2 id="sso-audit" className="text-xl font-bold">
          {t("sso.auditTitle")}
        </h2>
        {loaderData.events.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("sso.noEvents")}</p>
        ) : (
          <div className="mt-3">
            <DataTable
              variant="compact"
              caption={t("sso.auditTitle")}
              columns={eventColumns}
              rows={loaderData.events}
              none={t("tables.none")}
            />
          </div>
        )}
      </section>
    </div>
  );
}
