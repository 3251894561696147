import { Form, href, useNavigation } from "react-router";
import { AdminDate, AdminList, type Column, adminPageMeta, formatAdminDate } from "~/domain/admin";
import { type CertificateRow, loadAdminList } from "~/domain/admin/index.server";
import { requireAdmin } from "~/platform/auth/index.server";
import { REVOCATION_REASON_MAX, normaliseVerificationCode } from "~/domain/certificates";
import {
  CertificateStateError,
  type StatusChange,
  certificateHistories,
} from "~/domain/certificates/index.server";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import type { ReplyCode } from "~/platform/lib/reply";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { getLogger } from "~/platform/lib/logger.server";
import { z } from "~/platform/lib/zod";
import { Button } from "~/platform/ui/button";
import { controlClass } from "~/platform/ui/field";
import admin from "../../locales/en/admin.json";
import { setCertificateStatus } from "~/workflows/certificate-status.server";
import type { Route } from "./+types/admin.certificates";

addEnglishNamespaces({ admin });

// /admin/certificates: every certificate issued, searchable and exportable; revoking one (or
// reinstating it) needs a reason and is kept in its history with who and when.
export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "admin:certificates.heading");

export async function loader({ request }: Route.LoaderArgs) {
  const list = await loadAdminList(request, "certificates");
  const histories = await certificateHistories(list.rows.map((row) => row.verification_code));
  return { ...list, histories: Object.fromEntries(histories) };
}

const StatusChangeSchema = z.object({
  intent: z.enum(["revoked", "reinstated"]),
  code: z.string().max(64),
  reason: z
    .string({ error: "reasonRequired" })
    .trim()
    .min(1, "reasonRequired")
    .max(REVOCATION_REASON_MAX, "reasonTooLong"),
});

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const fields = await readFormFields(request);
  const parsed = parseSubmission(fields, StatusChangeSchema);
  const code = normaliseVerificationCode(fields.code ?? "");
  // The one refusal shape, with the certificate it is about and the reason typed, kept.
  const fail = (status: number, replyCode: ReplyCode, message: string) =>
    refuse(status, replyCode, {
      message: `admin:certificates.${message}`,
      certificate: code ?? "",
      reason: (fields.reason ?? "").slice(0, REVOCATION_REASON_MAX),
    });
  if (!code) return fail(404, "not_found", "notFound");
  if ("refusal" in parsed) {
    return fail(400, "validation", parsed.fields.reason ?? "reasonRequired");
  }
  try {
    await setCertificateStatus({
      code,
      action: parsed.value.intent,
      reason: parsed.value.reason,
      actorEmail: user.email,
    });
  } catch (error) {
    if (error instanceof CertificateStateError) {
      return error.message === "not_found"
        ? fail(409, "not_found", "notFound")
        : fail(409, "validation", "unchanged");
    }
    throw error;
  }
  getLogger().info(
    { event: `certificate.${parsed.value.intent}`, code, userId: user.id },
    "admin changed a certificate's status",
  );
  return { ok: true as const, certificate: code, intent: parsed.value.intent };
}

function History({ code, entries }: { code: string; entries: StatusChange[] }) {
  const { t } = useTranslation("admin");
  return (
    <div className="mt-2">
      <p className="text-xs font-medium">{t("certificates.history", { code })}</p>
      <ol className="list-decimal pl-5 text-xs" data-testid="certificate-history">
        {entries.map((entry) => (
          <li key={entry.changedAt}>
            {t("certificates.historyEntry", {
              action: t(`certificates.actions.${entry.action}`),
              date: formatAdminDate(entry.changedAt),
              email: entry.actorEmail,
              reason: entry.reason,
            })}
          </li>
        ))}
      </ol>
    </div>
  );
}

function StatusChangeForm({
  row,
  reply,
}: {
  row: CertificateRow;
  reply: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const revoked = row.revoked_at !== null;
  const intent = revoked ? "reinstated" : "revoked";
  const mine =
    reply === undefined
      ? undefined
      : reply.ok
        ? reply.certificate === row.verification_code
          ? { ok: true, message: `admin:certificates.${reply.intent}`, reason: "" }
          : undefined
        : reply.error.certificate === row.verification_code
          ? { ok: false, message: reply.error.message, reason: reply.error.reason }
          : undefined;
  const id = `reason-${row.id}`;
  const busy = navigation.formData?.get("code") === row.verification_code;
  return (
    <Form method="post" className="flex min-w-72 flex-col gap-1">
      <input type="hidden" name="code" value={row.verification_code} />
      <label htmlFor={id} className="text-xs font-medium">
        {t(revoked ? "certificates.reinstateReasonLabel" : "certificates.reasonLabel", {
          code: row.verification_code,
        })}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="reason"
          required
          maxLength={REVOCATION_REASON_MAX}
          defaultValue={mine && !mine.ok ? mine.reason : ""}
          aria-invalid={mine && !mine.ok ? true : undefined}
          aria-describedby={mine ? `${id}-reply` : undefined}
          className={`${controlClass} mt-0 text-sm`}
        />
        <Button type="submit" name="intent" value={intent} variant="secondary" disabled={busy}>
          {t(revoked ? "certificates.reinstate" : "certificates.revoke")}
        </Button>
      </div>
      {mine && (
        <p
          id={`${id}-reply`}
          role={mine.ok ? "status" : "alert"}
          className={`text-xs ${mine.ok ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}`}
        >
          {t(mine.message as never, { code: row.verification_code })}
        </p>
      )}
    </Form>
  );
}

export default function AdminCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const columns: Column<CertificateRow>[] = [
    {
      key: "issued_at",
      header: t("certificates.columns.issued_at"),
      cell: (row) => <AdminDate value={row.issued_at} />,
    },
    {
      key: "verification_code",
      header: t("certificates.columns.verification_code"),
      cell: (row) => (
        <a
          className="font-mono underline"
          href={href("/verify/:code", { code: row.verification_code })}
        >
          {row.verification_code}
        </a>
      ),
    },
    {
      key: "holder_name",
      header: t("certificates.columns.holder_name"),
      cell: (row) => row.holder_name,
    },
    { key: "title", header: t("certificates.columns.title"), cell: (row) => row.title },
    {
      key: "expires_at",
      header: t("certificates.columns.expires_at"),
      cell: (row) => <AdminDate value={row.expires_at} />,
    },
    {
      key: "revoked_at",
      header: t("certificates.columns.revoked_at"),
      cell: (row) => (row.revoked_at ? <AdminDate value={row.revoked_at} /> : null),
    },
    {
      key: "revoked_reason",
      header: t("certificates.columns.revoked_reason"),
      cell: (row) => row.revoked_reason,
    },
    {
      key: "actions",
      header: t("certificates.columns.actions"),
      cell: (row) => {
        const history = loaderData.histories[row.verification_code];
        return (
          <>
            <StatusChangeForm row={row} reply={actionData} />
            {history && <History code={row.verification_code} entries={history} />}
          </>
        );
      },
    },
  ];
  return (
    <AdminList
      dataset="certificates"
      heading={t("certificates.heading")}
      caption={t("certificates.caption")}
      searchHint={t("certificates.searchHint")}
      empty={t("certificates.empty")}
      columns={columns}
      list={loaderData}
    />
  );
}
