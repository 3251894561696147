import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, useNavigation, useSearchParams } from "react-router";
import { adminPageMeta } from "~/domain/admin";
import { AllowlistEntrySchema } from "~/platform/auth/forms";
import {
  addAllowlistEntry,
  listAllowlist,
  listAllowlistChanges,
  removeAllowlistEntry,
  requireAdmin,
} from "~/platform/auth/index.server";
import { addEnglishNamespaces, useFieldMessage, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { replyError } from "~/platform/lib/reply";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import { getEnv } from "~/platform/lib/env.server";
import { buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import admin from "../../locales/en/admin.json";
import validation from "../../locales/en/validation.json";
import type { Route } from "./+types/admin.allowlist";

addEnglishNamespaces({ admin, validation });

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:nav.allowlist");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const env = getEnv();
  const [entries, changes] = await Promise.all([listAllowlist(), listAllowlistChanges()]);
  return {
    entries,
    changes,
    environment: {
      domains: env.PILOT_DOMAINS,
      emails: env.PILOT_EMAILS,
      admins: env.ADMIN_EMAILS,
      open: env.PILOT_OPEN,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const fields = await readFormFields(request);
  if (fields.intent === "remove") {
    const id = Number(fields.id);
    const removed = Number.isSafeInteger(id) && (await removeAllowlistEntry(id, user.email));
    return removed
      ? { intent: "remove" as const, ok: true as const }
      : data(
          { intent: "remove" as const, ok: false as const, error: replyError("not_found") },
          404,
        );
  }
  const submission = parseWithZod(new URLSearchParams(fields), { schema: AllowlistEntrySchema });
  if (submission.status !== "success") {
    return data({ intent: "add" as const, ...formRefused(submission, "validation") }, 400);
  }
  const added = await addAllowlistEntry(submission.value, user.email);
  if (!added) {
    const duplicate = formRefused(submission, "validation", {
      message: "admin:allowlist.duplicate",
    });
    return data({ intent: "add" as const, ...duplicate }, 409);
  }
  return { intent: "add" as const, ...formAccepted(submission) };
}

/** The question takes the place of the link that asked it: focus goes to its answer. */
const focusOnMount = (element: HTMLButtonElement | null) => element?.focus();

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

export default function AdminAllowlist({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "validation"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "allowlist-add",
    lastResult:
      navigation.state === "idle" && actionData?.intent === "add" ? actionData.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AllowlistEntrySchema }),
  });
  const { environment } = loaderData;
  // An entry lets people in, so Remove asks first: `?remove=<id>` puts the question in that entry's
  // row (a link, so it asks before the page's scripts run too); the answer posts, Cancel goes back.
  const [search] = useSearchParams();
  const confirming = search.get("remove");
  const formError = message(form.errors);
  const columns: Column<(typeof loaderData.entries)[number]>[] = [
    {
      key: "kind",
      header: t("allowlist.kind"),
      cell: (entry) => t(`allowlist.kinds.${entry.kind}`),
    },
    {
      key: "value",
      header: t("allowlist.value"),
      className: "font-mono",
      cell: (entry) => entry.value,
    },
    {
      key: "organisation",
      header: t("allowlist.organisation"),
      cell: (entry) => entry.organisation,
    },
    {
      key: "addedBy",
      header: t("allowlist.addedBy"),
      cell: (entry) => `${entry.addedBy} · ${when(entry.createdAt)}`,
    },
    {
      key: "actions",
      header: t("allowlist.actions"),
      hideHeader: true,
      align: "end",
      cell: (entry) =>
        confirming === String(entry.id) ? (
          <Form
            method="post"
            action="?"
            preventScrollReset
            className="flex flex-wrap items-center justify-end gap-2"
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={entry.id} />
            <span role="alert" className="text-sm">
              {t("allowlist.confirmRemove", { value: entry.value })}
            </span>
            <button type="submit" className={buttonClasses("primary")} ref={focusOnMount}>
              {t("allowlist.confirmRemoveButton")}
            </button>
            <Link to="?" preventScrollReset className="focus-ring rounded text-sm underline">
              {t("allowlist.cancel")}
            </Link>
          </Form>
        ) : (
          <Link
            to={`?remove=${entry.id}`}
            preventScrollReset
            className={buttonClasses("secondary")}
          >
            {t("allowlist.remove")}
            <span className="sr-only"> {entry.value}</span>
          </Link>
        ),
    },
  ];

  return (
    <div className="space-y-8">
      <Card>
        <h2 className="text-xl font-bold">{t("allowlist.addTitle")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("allowlist.addBody")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-3">
          <input type="hidden" name="intent" value="add" />
          <FormField field={fields.value} message={message} label={t("allowlist.value")}>
            <input
              {...getInputProps(fields.value, { type: "text" })}
              key={fields.value.key}
              placeholder="bank.example.sg"
              className={controlClass}
            />
          </FormField>
          <FormField
            field={fields.organisation}
            message={message}
            label={t("allowlist.organisation")}
            optional={t("allowlist.optional")}
          >
            <input
              {...getInputProps(fields.organisation, { type: "text" })}
              key={fields.organisation.key}
              className={controlClass}
            />
          </FormField>
          <div className="flex items-end">
            <SubmitButton pending={adding} pendingLabel={t("allowlist.adding")}>
              {t("allowlist.add")}
            </SubmitButton>
          </div>
          {formError ? (
            <FormAlert id={form.errorId} className="sm:col-span-3">
              {formError}
            </FormAlert>
          ) : null}
        </Form>
      </Card>

      <section aria-labelledby="allowlist-entries">
        <h2 id="allowlist-entries" className="text-xl font-bold">
          {t("allowlist.entriesTitle")}
        </h2>
        {loaderData.entries.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("allowlist.empty")}</p>
        ) : (
          <div className="mt-3">
            <DataTable
              variant="compact"
              caption={t("allowlist.entriesTitle")}
              columns={columns}
              rows={loaderData.entries}
              none={t("tables.none")}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="allowlist-environment">
        <h2 id="allowlist-environment" className="text-xl font-bold">
          {t("allowlist.environmentTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {environment.open ? t("allowlist.open") : t("allowlist.environmentBody")}
        </p>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium">PILOT_DOMAINS</dt>
          <dd className="font-mono">{environment.domains.join(", ") || "—"}</dd>
          <dt className="font-medium">PILOT_EMAILS</dt>
          <dd className="font-mono">{environment.emails.join(", ") || "—"}</dd>
          <dt className="font-medium">ADMIN_EMAILS</dt>
          <dd className="font-mono">{environment.admins.join(", ") || "—"}</dd>
        </dl>
      </section>

      <section aria-labelledby="allowlist-changes">
        <h2 id="allowlist-changes" className="text-xl font-bold">
          {t("allowlist.changesTitle")}
        </h2>
        {loaderData.changes.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("allowlist.noChanges")}</p>
        ) : (
          <ol className="mt-3 space-y-1 text-sm">
            {loaderData.changes.map((change) => (
              <li key={change.id}>
                <time dateTime={change.created_at}>{when(change.created_at)}</time> ·{" "}
                {t(`allowlist.changeLine.${change.action}`, {
                  actor: change.actor_email,
                  value: change.value,
                })}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
