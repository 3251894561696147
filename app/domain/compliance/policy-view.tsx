import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileText } from "lucide-react";
import { Form, Link, href, useNavigation } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import type { Refused } from "~/platform/lib/reply";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { RequirementStatusBadge, useCalendarDate } from "./compliance-dashboard";
import { Done } from "./form-parts";
import {
  POLICY_BODY_MAX,
  POLICY_DOCUMENT_MAX_BYTES,
  POLICY_VERSION_MAX,
  REQUIREMENT_DESCRIPTION_MAX,
  REQUIREMENT_NAME_MAX,
  policySchema,
} from "./requirement-schema";
import type { RequirementState } from "./rules";
import type { PoliciesPage, PolicyReply } from "./types";

// Policies (decision 051): a member's own, to read and attest; a manager's publishing form, the
// policies in force and the register of who attested which version, when and how fast.

type Manage = NonNullable<PoliciesPage["manage"]>;

function PublishForm({ manage, reply }: { manage: Manage; reply: PolicyReply | undefined }) {
  const { t } = useTranslation(["policies", "requirements", "validation", "common"]);
  const message = useFieldMessage();
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const schema = policySchema(
    manage.policies.map((policy) => policy.id),
    manage.groups.map((group) => group.id),
  );
  const [form, fields] = useForm({
    id: "publish",
    lastResult: idle ? reply?.result : undefined,
    defaultValue: { dueDays: "30", effectiveDate: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <FormField
        field={fields.policyId}
        message={message}
        label={t("publish.policy")}
        hint={t("publish.policyHint")}
      >
        <select
          id={fields.policyId.id}
          name={fields.policyId.name}
          key={fields.policyId.key}
          defaultValue=""
          className={controlClass}
        >
          <option value="">{t("publish.newPolicy")}</option>
          {manage.policies.map((policy) => (
            <option key={policy.id} value={policy.id}>
              {t("publish.newVersionOf", { name: policy.name, version: policy.version })}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        field={fields.name}
        message={message}
        label={t("publish.name")}
        hint={t("publish.nameHint")}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={REQUIREMENT_NAME_MAX}
          className={controlClass}
        />
      </FormField>
      <FormField field={fields.version} message={message} label={t("publish.version")}>
        <input
          {...getInputProps(fields.version, { type: "text" })}
          key={fields.version.key}
          maxLength={POLICY_VERSION_MAX}
          className={controlClass}
        />
      </FormField>
      <FormField field={fields.effectiveDate} message={message} label={t("publish.effective")}>
        <input
          {...getInputProps(fields.effectiveDate, { type: "date" })}
          key={fields.effectiveDate.key}
          className={controlClass}
        />
      </FormField>
      <FormField
        field={fields.dueDays}
        message={message}
        label={t("publish.dueDays")}
        hint={t("publish.dueDaysHint")}
      >
        <input
          {...getInputProps(fields.dueDays, { type: "number" })}
          key={fields.dueDays.key}
          min={1}
          className={controlClass}
        />
      </FormField>
      <FormField
        field={fields.description}
        message={message}
        label={t("publish.description")}
        optional={t("common:optional")}
      >
        <input
          {...getInputProps(fields.description, { type: "text" })}
          key={fields.description.key}
          maxLength={REQUIREMENT_DESCRIPTION_MAX}
          className={controlClass}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          field={fields.body}
          message={message}
          label={t("publish.body")}
          hint={t("publish.bodyHint", { max: POLICY_BODY_MAX })}
        >
          <textarea
            {...getTextareaProps(fields.body)}
            key={fields.body.key}
            rows={10}
            maxLength={POLICY_BODY_MAX}
            className={controlClass}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField
          field={fields.document}
          message={message}
          label={t("publish.document")}
          hint={t("publish.documentHint", { max: POLICY_DOCUMENT_MAX_BYTES / (1024 * 1024) })}
          optional={t("common:optional")}
        >
          <input
            {...getInputProps(fields.document, { type: "file" })}
            key={fields.document.key}
            accept="application/pdf,.pdf"
            className={controlClass}
          />
        </FormField>
      </div>
      {manage.groups.length > 0 && (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">{t("publish.audience")}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("publish.audienceHint")}</p>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {manage.groups.map((group) => (
              <li key={group.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.groupIds.name}
                    value={group.id}
                    key={`${fields.groupIds.key}-${group.id}`}
                    className="mt-1"
                  />
                  <span>
                    {group.name} ({t(`requirements:groups.kinds.${group.kind}`)})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2">
        <SubmitButton
          pending={!idle && navigation.formData?.has("version") === true}
          pendingLabel={t("publish.publishing")}
        >
          {t("publish.submit")}
        </SubmitButton>
        {idle && reply?.ok && <Done>{t("publish.done")}</Done>}
      </div>
    </Form>
  );
}

function Seconds({ seconds }: { seconds: number }) {
  const { t } = useTranslation("policies");
  return (
    <>{t("register.duration", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })}</>
  );
}

function Register({ manage }: { manage: Manage }) {
  const { t } = useTranslation("policies");
  const columns: Column<Manage["register"][number]>[] = [
    {
      key: "at",
      header: t("register.at"),
      cell: (row) => row.attestedAt.slice(0, 16).replace("T", " "),
    },
    { key: "learner", header: t("register.learner"), cell: (row) => row.learner, rowHeader: true },
    { key: "policy", header: t("register.policy"), cell: (row) => row.policy },
    { key: "version", header: t("register.version"), cell: (row) => row.version },
    {
      key: "time",
      header: t("register.time"),
      cell: (row) => (
        <>
          <Seconds seconds={row.seconds} />
          {row.tooFast && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              {t("register.tooFast")}
            </span>
          )}
        </>
      ),
    },
    {
      key: "evidence",
      header: t("register.evidence"),
      cell: (row) => (
        <a href={row.evidenceHref} className="underline">
          {t("register.record")}
          <span className="sr-only">
            {" "}
            {t("register.of", { learner: row.learner, version: row.version })}
          </span>
        </a>
      ),
    },
  ];
  return manage.register.length === 0 ? (
    <p className="text-sm">{t("register.empty")}</p>
  ) : (
    <DataTable
      caption={t("register.caption")}
      columns={columns}
      rows={manage.register}
      variant="compact"
      data-testid="attestation-register"
    />
  );
}

export function PoliciesView({ page, reply }: { page: PoliciesPage; reply?: PolicyReply }) {
  const { t } = useTranslation("policies");
  const calendarDate = useCalendarDate();
  return (
    <div className="space-y-8">
      <section aria-labelledby="my-policies" className="space-y-3">
        <h2 id="my-policies" className="text-xl font-bold">
          {t("mine.heading")}
        </h2>
        {page.mine.length === 0 ? (
          <p className="text-sm">{t("mine.empty")}</p>
        ) : (
          <ul className="space-y-2" data-testid="my-policies">
            {page.mine.map((policy) => (
              <li key={policy.id} className="flex flex-wrap items-center gap-3">
                <Link
                  to={href("/training/policies/:id", { id: String(policy.id) })}
                  className="font-semibold underline"
                >
                  {t("mine.name", { name: policy.name, version: policy.version })}
                </Link>
                <RequirementStatusBadge status={policy.status} />
                <span className="text-sm text-slate-700 dark:text-slate-300">
                  {policy.completedDate
                    ? t("mine.attested", { date: calendarDate(policy.completedDate) })
                    : t("mine.due", { date: calendarDate(policy.dueDate) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {page.manage && (
        <>
          <Card>
            <h2 className="mb-4 text-xl font-bold">{t("publish.heading")}</h2>
            <PublishForm manage={page.manage} reply={reply} />
          </Card>
          <section aria-labelledby="attestations" className="space-y-3">
            <h2 id="attestations" className="text-xl font-bold">
              {t("register.heading")}
            </h2>
            <Register manage={page.manage} />
          </section>
        </>
      )}
    </div>
  );
}

export interface PolicyReading {
  policy: {
    id: number;
    versionId: number;
    name: string;
    description: string;
    version: string;
    effectiveDate: string;
    html: string;
    readingMinutes: number;
    /** The version's PDF, when it was published as one. */
    document: { name: string; pages: number; href: string } | null;
  };
  state: { status: RequirementState; dueDate: string; completedDate: string | null } | null;
  attestations: { version: string; attestedAt: string; seconds: number }[];
}

export type AttestReply = { form: "attest" } & (
  { ok: true; tooFast: boolean } | (Refused & { ok: false })
);

export function PolicyReader({ reading, reply }: { reading: PolicyReading; reply?: AttestReply }) {
  const { t } = useTranslation(["policies", "validation"]);
  const message = useFieldMessage();
  const calendarDate = useCalendarDate();
  const navigation = useNavigation();
  const { policy, state } = reading;
  const attested = reading.attestations.some((entry) => entry.version === policy.version);
  const refusal = reply && !reply.ok ? reply : undefined;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("reader.meta", {
          version: policy.version,
          date: calendarDate(policy.effectiveDate),
          minutes: policy.readingMinutes,
        })}
      </p>
      {state && (
        <p className="flex flex-wrap items-center gap-3 text-sm">
          <RequirementStatusBadge status={state.status} />
          {state.completedDate
            ? t("mine.attested", { date: calendarDate(state.completedDate) })
            : t("mine.due", { date: calendarDate(state.dueDate) })}
        </p>
      )}
      {policy.document && (
        <Card>
          <p className="flex flex-wrap items-center gap-2">
            <FileText aria-hidden="true" className="size-5 shrink-0" />
            <a
              href={policy.document.href}
              target="_blank"
              rel="noopener"
              className="font-semibold underline"
            >
              {t("reader.document", { name: policy.document.name })}
            </a>
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {t("reader.documentPages", { count: policy.document.pages })}
            </span>
          </p>
        </Card>
      )}
      {policy.html && (
        <Card>
          <article
            className="max-w-none space-y-3 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
            data-testid="policy-text"
            // Sanitised on the server (platform/lib/markdown.server.ts): formatting only.
            dangerouslySetInnerHTML={{ __html: policy.html }}
          />
        </Card>
      )}
      {reply?.ok && (
        <Done>
          {t(reply.tooFast ? "reader.doneFast" : "reader.done", { version: policy.version })}
        </Done>
      )}
      {state && !attested && (
        <Form method="post" className="space-y-4" aria-labelledby="attest-heading">
          <h2 id="attest-heading" className="text-xl font-bold">
            {t("reader.heading")}
          </h2>
          {refusal && <FormAlert>{message([refusal.error.message])}</FormAlert>}
          <input type="hidden" name="versionId" value={policy.versionId} />
          <label className="flex items-start gap-2">
            <input type="checkbox" name="understood" required className="mt-1" />
            <span>{t("reader.statement", { name: policy.name, version: policy.version })}</span>
          </label>
          <SubmitButton
            pending={navigation.state === "submitting"}
            pendingLabel={t("reader.sending")}
          >
            {t("reader.submit")}
          </SubmitButton>
        </Form>
      )}
      {reading.attestations.length > 0 && (
        <section aria-labelledby="my-attestations">
          <h2 id="my-attestations" className="text-lg font-bold">
            {t("reader.history")}
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="my-attestations">
            {reading.attestations.map((entry) => (
              <li key={entry.version}>
                {t("reader.historyEntry", {
                  version: entry.version,
                  date: calendarDate(entry.attestedAt.slice(0, 10)),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
