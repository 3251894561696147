import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Field, controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import type { ReportFormat, ReportKind } from "./constants";
import { REPORTS_PATH } from "./report-list";
import type { ReportReply } from "./types";

/**
 * The generate form: a plain POST, so it works before scripts load. With scripts, the formats
 * follow the chosen report; without, the server answers a format a report lacks with a message.
 */
export function GenerateReportForm({
  kinds,
  reply,
}: {
  kinds: { kind: ReportKind; formats: readonly ReportFormat[] }[];
  reply?: ReportReply | null;
}) {
  const { t } = useTranslation("reports");
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "generate";
  const kept = reply && !reply.ok ? reply.error : null;
  const initialKind = kinds.find((option) => option.kind === kept?.kind)?.kind ?? kinds[0]?.kind;
  const [kind, setKind] = useState(initialKind);
  const formats = kinds.find((option) => option.kind === kind)?.formats ?? [];
  const errorId = "report-form-error";
  const error = kept && String(t(kept.message as never, { count: kept.count ?? 0 } as never));
  return (
    <Form
      method="post"
      action={REPORTS_PATH}
      className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-describedby={error ? errorId : undefined}
    >
      <input type="hidden" name="intent" value="generate" />
      <Field label={t("generate.kind")} htmlFor="report-kind">
        <select
          id="report-kind"
          name="kind"
          className={controlClass}
          value={kind}
          onChange={(event) => setKind(event.target.value as ReportKind)}
        >
          {kinds.map((option) => (
            <option key={option.kind} value={option.kind}>
              {t(`kinds.${option.kind}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("generate.format")} htmlFor="report-format">
        <select
          id="report-format"
          name="format"
          className={controlClass}
          key={kind}
          defaultValue={formats.find((format) => format === kept?.format) ?? formats[0]}
        >
          {formats.map((format) => (
            <option key={format} value={format}>
              {t(`formats.${format}`)}
            </option>
          ))}
        </select>
      </Field>
      <SubmitButton pending={pending} pendingLabel={t("generate.pending")}>
        {t("generate.submit")}
      </SubmitButton>
      {error && (
        <FormAlert id={errorId} className="sm:col-span-3">
          {error}
        </FormAlert>
      )}
      {reply?.ok && (
        <p role="status" className="text-sm text-emerald-800 sm:col-span-3 dark:text-emerald-300">
          {reply.intent === "retry" ? t("generate.retried") : t("generate.requested")}
        </p>
      )}
    </Form>
  );
}
