import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useState } from "react";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FieldSelect } from "~/platform/ui/field-select";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { useHydrated } from "~/platform/lib/hydrated";
import { Done, MemberSelect, useReply } from "./form-parts";
import { GroupsManagement } from "./groups-form";
import {
  DEFAULT_RECERTIFICATION_WINDOW_DAYS,
  DUE_DAYS_MAX,
  ESCALATION_DAYS_MAX,
  MEMBER_ROLES,
  ORGANISATION_REGIONS,
  RECURRENCES,
  REQUIREMENT_CATEGORIES,
} from "./constants";
import {
  EXTENSION_REASON_MAX,
  ExtensionSchema,
  ASSESSMENT_LIMITS,
  OrganisationSettingsSchema,
  REQUIREMENT_POINTS_MAX,
  WINDOW_DAYS_MAX,
  requirementSchema,
} from "./requirement-schema";
import type {
  ExtensionRecord,
  FulfilmentOption,
  MemberGroup,
  MemberView,
  Organisation,
  Requirement,
  RequirementReply,
  RequirementsPage,
} from "./types";

// The forms that manage an organisation's requirements, shared by /admin/requirements and the
// managers' /training/requirements. They work without scripts: each posts to the page, and an
// error answer brings back everything typed.

const ASSESSMENT_FIELDS = [
  "finalPassPercent",
  "finalItemCount",
  "finalCoolingOffHours",
  "timeFloorPercent",
] as const;

/** Adds a requirement, or edits one when `requirement` is given. */
export function RequirementForm({
  requirement,
  options,
  groups,
  reply,
}: {
  requirement?: Requirement;
  options: readonly FulfilmentOption[];
  groups: readonly MemberGroup[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const formId = requirement ? `update-${requirement.id}` : "create";
  const { result, done, pending } = useReply(reply, formId);
  const schema = requirementSchema(
    options.map((option) => option.key),
    groups.map((group) => group.id),
  );
  const [form, fields] = useForm({
    id: formId,
    lastResult: result,
    defaultValue: {
      name: requirement?.name ?? "",
      description: requirement?.description ?? "",
      category: requirement?.category ?? "training",
      points: String(requirement?.points ?? 100),
      // A relative requirement keeps its old fixed date unread; the form shows the days only.
      dueDate: requirement && requirement.dueDays === null ? requirement.dueDate : "",
      dueDays: requirement?.dueDays == null ? "" : String(requirement.dueDays),
      groupIds: (requirement?.audience?.groupIds ?? []).map(String),
      match: requirement?.audience?.match ?? "any",
      joinedAfter: requirement?.audience?.joinedAfter ?? "",
      recurrence: requirement?.recurrence ?? "yearly",
      windowDays: String(requirement?.windowDays ?? DEFAULT_RECERTIFICATION_WINDOW_DAYS),
      fulfilledBy: requirement?.fulfilledBy ?? [],
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const chosen = new Set(
    ([] as (string | undefined)[]).concat(fields.fulfilledBy.initialValue ?? []),
  );
  const chosenGroups = new Set(
    ([] as (string | undefined)[]).concat(fields.groupIds.initialValue ?? []),
  );
  const groupError = message(Object.values(fields.groupIds.allErrors).flat());
  // An unknown item's error sits on the item (`fulfilledBy[2]`); the group shows them all.
  const fulfilledError = message(Object.values(fields.fulfilledBy.allErrors).flat());
  const optionGroups = [
    ["tracks", options.filter((option) => option.kind === "track")],
    ["modules", options.filter((option) => option.kind === "module")],
  ] as const;

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={requirement ? "update" : "create"} />
      <input type="hidden" name="form" value={formId} />
      {requirement && <input type="hidden" name="id" value={requirement.id} />}
      <FormField field={fields.name} message={message} label={t("form.name")}>
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          className={controlClass}
        />
      </FormField>
      <FormField field={fields.category} message={message} label={t("form.category")}>
        <FieldSelect
          field={fields.category}
          values={REQUIREMENT_CATEGORIES}
          label={(value) => t(`categories.${value}`)}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField field={fields.description} message={message} label={t("form.description")}>
          <textarea
            {...getTextareaProps(fields.description)}
            key={fields.description.key}
            rows={3}
            className={controlClass}
          />
        </FormField>
      </div>
      <FormField
        field={fields.points}
        message={message}
        label={t("form.points")}
        hint={t("form.pointsHint", { max: REQUIREMENT_POINTS_MAX })}
      >
        <input
          {...getInputProps(fields.points, { type: "number" })}
          key={fields.points.key}
          inputMode="numeric"
          className={controlClass}
        />
      </FormField>
      <FormField
        field={fields.dueDays}
        message={message}
        label={t("form.dueDays")}
        hint={t("form.dueDaysHint", { max: DUE_DAYS_MAX })}
      >
        <input
          {...getInputProps(fields.dueDays, { type: "number" })}
          key={fields.dueDays.key}
          min={1}
          max={DUE_DAYS_MAX}
          inputMode="numeric"
          className={controlClass}
        />
      </FormField>
      <FormField
        field={fields.dueDate}
        message={message}
        label={t("form.dueDate")}
        hint={t("form.dueDateHint")}
      >
        <input
          {...getInputProps(fields.dueDate, { type: "date" })}
          key={fields.dueDate.key}
          className={controlClass}
        />
      </FormField>
      <FormField field={fields.recurrence} message={message} label={t("form.recurrence")}>
        <FieldSelect
          field={fields.recurrence}
          values={RECURRENCES}
          label={(value) => t(`recurrences.${value}`)}
        />
      </FormField>
      <FormField
        field={fields.windowDays}
        message={message}
        label={t("form.windowDays")}
        hint={t("form.windowDaysHint", { max: WINDOW_DAYS_MAX })}
      >
        <input
          {...getInputProps(fields.windowDays, { type: "number" })}
          key={fields.windowDays.key}
          inputMode="numeric"
          className={controlClass}
        />
      </FormField>
      <fieldset
        className="sm:col-span-2"
        aria-describedby={`${fields.fulfilledBy.id}-hint${fulfilledError ? ` ${fields.fulfilledBy.errorId}` : ""}`}
        aria-invalid={fulfilledError ? true : undefined}
      >
        <legend className="text-sm font-medium">{t("form.fulfilledBy")}</legend>
        <p
          id={`${fields.fulfilledBy.id}-hint`}
          className="mt-1 text-sm text-slate-600 dark:text-slate-300"
        >
          {t("form.fulfilledByHint")}
        </p>
        {optionGroups.map(([group, items]) => (
          <div key={group} className="mt-2">
            <p className="text-sm font-medium">{t(`form.${group}`)}</p>
            <ul className="mt-1 grid gap-1 sm:grid-cols-2">
              {items.map((option) => (
                <li key={option.key}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name={fields.fulfilledBy.name}
                      value={option.key}
                      defaultChecked={chosen.has(option.key)}
                      key={`${fields.fulfilledBy.key}-${option.key}`}
                      className="mt-1"
                    />
                    <span>{option.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {fulfilledError && (
          <p
            id={fields.fulfilledBy.errorId}
            className="mt-1 text-sm text-red-700 dark:text-red-400"
          >
            {fulfilledError}
          </p>
        )}
      </fieldset>
      <fieldset
        className="grid gap-4 sm:col-span-2 sm:grid-cols-2"
        aria-describedby={`${fields.groupIds.id}-hint${groupError ? ` ${fields.groupIds.errorId}` : ""}`}
        aria-invalid={groupError ? true : undefined}
      >
        <legend className="text-sm font-medium">{t("form.audience")}</legend>
        <p
          id={`${fields.groupIds.id}-hint`}
          className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300"
        >
          {t("form.audienceHint")}
        </p>
        {groups.length === 0 ? (
          <p className="text-sm sm:col-span-2">{t("form.noGroups")}</p>
        ) : (
          <ul className="grid gap-1 sm:col-span-2 sm:grid-cols-2">
            {groups.map((group) => (
              <li key={group.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.groupIds.name}
                    value={group.id}
                    defaultChecked={chosenGroups.has(String(group.id))}
                    key={`${fields.groupIds.key}-${group.id}`}
                    className="mt-1"
                  />
                  <span>
                    {group.name} ({t(`groups.kinds.${group.kind}`)})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {groupError && (
          <p
            id={fields.groupIds.errorId}
            className="text-sm text-red-700 sm:col-span-2 dark:text-red-400"
          >
            {groupError}
          </p>
        )}
        <FormField field={fields.match} message={message} label={t("form.match")}>
          <FieldSelect
            field={fields.match}
            values={["any", "all"] as const}
            label={(value) => t(`form.matches.${value}`)}
          />
        </FormField>
        <FormField
          field={fields.joinedAfter}
          message={message}
          label={t("form.joinedAfter")}
          hint={t("form.joinedAfterHint")}
        >
          <input
            {...getInputProps(fields.joinedAfter, { type: "date" })}
            key={fields.joinedAfter.key}
            className={controlClass}
          />
        </FormField>
      </fieldset>
      {form.errors && <FormAlert className="sm:col-span-2">{message(form.errors)}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton
          pending={pending}
          pendingLabel={t(requirement ? "form.saving" : "form.creating")}
        >
          {t(requirement ? "form.save" : "form.create")}
        </SubmitButton>
        {done && <Done>{t(requirement ? "form.saved" : "form.created")}</Done>}
      </div>
    </Form>
  );
}

/** The requirements in force, each with its way to be removed, then a form to edit each. */
export function RequirementTable({
  organisation,
  requirements,
  options,
  groups,
  reply,
}: {
  organisation: Organisation;
  requirements: readonly Requirement[];
  options: readonly FulfilmentOption[];
  groups: readonly MemberGroup[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation("requirements");
  const titles = new Map(options.map((option) => [option.key, option.title]));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const removed = reply?.intent === "remove" && reply.ok;
  const columns: Column<Requirement>[] = [
    {
      key: "name",
      header: t("list.name"),
      rowHeader: true,
      cell: (requirement) => (
        <>
          {requirement.name}
          <p className="mt-1 max-w-md font-normal text-slate-600 dark:text-slate-300">
            {requirement.description}
          </p>
        </>
      ),
    },
    {
      key: "category",
      header: t("list.category"),
      cell: (requirement) => t(`categories.${requirement.category}`),
    },
    { key: "points", header: t("list.points"), cell: (requirement) => requirement.points },
    {
      key: "dueDate",
      header: t("list.dueDate"),
      className: "whitespace-nowrap",
      cell: (requirement) =>
        requirement.dueDays === null
          ? requirement.dueDate
          : t("list.dueAfter", { count: requirement.dueDays }),
    },
    {
      key: "audience",
      header: t("list.audience"),
      cell: (requirement) => {
        const audience = requirement.audience;
        if (!audience) return t("list.everyone");
        const names = audience.groupIds.map((id) => groupNames.get(id) ?? `#${id}`);
        return (
          <>
            {names.length > 0 && (
              <p>
                {t(audience.match === "all" ? "list.allOf" : "list.anyOf", {
                  groups: names.join(", "),
                })}
              </p>
            )}
            {audience.joinedAfter && <p>{t("list.joinedAfter", { date: audience.joinedAfter })}</p>}
          </>
        );
      },
    },
    {
      key: "recurrence",
      header: t("list.recurrence"),
      cell: (requirement) =>
        requirement.recurrence === "yearly"
          ? t("list.yearlyWindow", { count: requirement.windowDays })
          : t("recurrences.none"),
    },
    {
      key: "fulfilledBy",
      header: t("list.fulfilledBy"),
      cell: (requirement) => (
        <ul>
          {requirement.fulfilledBy.map((key) => (
            <li key={key}>{titles.get(key) ?? key}</li>
          ))}
        </ul>
      ),
    },
    {
      key: "changed",
      header: t("list.changed"),
      cell: (requirement) =>
        t("list.changedBy", {
          date: requirement.updatedAt.slice(0, 10),
          email: requirement.updatedBy,
        }),
    },
    {
      key: "actions",
      header: t("list.actions"),
      hideHeader: true,
      align: "end",
      cell: (requirement) => (
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="form" value={`remove-${requirement.id}`} />
          <input type="hidden" name="id" value={requirement.id} />
          <Button type="submit" variant="secondary">
            {t("list.remove")}
            <span className="sr-only"> {requirement.name}</span>
          </Button>
        </Form>
      ),
    },
  ];
  return (
    <section aria-labelledby="requirements-list" className="space-y-4">
      <h2 id="requirements-list" className="text-xl font-bold">
        {t("list.heading")}
      </h2>
      {removed && <Done>{t("list.removed")}</Done>}
      {requirements.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t("list.empty")}</p>
      ) : (
        <DataTable
          variant="compact"
          caption={t("list.caption", { organisation: organisation.name })}
          columns={columns}
          rows={requirements}
          data-testid="requirements-table"
        />
      )}
      {requirements.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-lg font-bold">{t("list.editHeading")}</h3>
          {requirements.map((requirement) => (
            <RequirementEditor
              key={requirement.id}
              requirement={requirement}
              options={options}
              groups={groups}
              reply={reply}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * One requirement's edit form behind its summary. Once the page is interactive only an opened
 * editor holds its form: each form carries every track and module as a checkbox, and rendering all
 * of them again after every save made the page slow to answer. Without scripts every form is there.
 */
function RequirementEditor({
  requirement,
  options,
  groups,
  reply,
}: {
  requirement: Requirement;
  options: readonly FulfilmentOption[];
  groups: readonly MemberGroup[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation("requirements");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(reply?.form === `update-${requirement.id}`);
  return (
    <details
      open={open || undefined}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <summary className="focus-ring cursor-pointer font-medium">
        {t("list.edit", { name: requirement.name })}
      </summary>
      {(open || !hydrated) && (
        <div className="mt-4">
          <RequirementForm
            requirement={requirement}
            options={options}
            groups={groups}
            reply={reply}
          />
        </div>
      )}
    </details>
  );
}

/** The organisation's region (and so its regulator), time zone and next audit date. */
export function OrganisationSettingsForm({
  organisation,
  members,
  reply,
}: {
  organisation: Organisation;
  members: readonly MemberView[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const { result, done, pending } = useReply(reply, "settings");
  const [form, fields] = useForm({
    id: "settings",
    lastResult: result,
    defaultValue: {
      region: organisation.region,
      timeZone: organisation.timeZone,
      nextAudit: organisation.nextAudit,
      ...organisation.assessment,
      escalationDays: String(organisation.escalationDays),
      complianceOwnerId: organisation.complianceOwnerId ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrganisationSettingsSchema }),
  });
  return (
    <Card>
      <h2 className="text-xl font-bold">{t("settings.heading")}</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="form" value="settings" />
        <FormField
          field={fields.region}
          message={message}
          label={t("settings.region")}
          hint={t("settings.regionHint", { regulator: organisation.regulator })}
        >
          <FieldSelect
            field={fields.region}
            values={ORGANISATION_REGIONS}
            label={(value) => `${t(`regions.${value}`)} (${value})`}
          />
        </FormField>
        <FormField
          field={fields.timeZone}
          message={message}
          label={t("settings.timeZone")}
          hint={t("settings.timeZoneHint")}
        >
          <input
            {...getInputProps(fields.timeZone, { type: "text" })}
            key={fields.timeZone.key}
            autoComplete="off"
            spellCheck={false}
            className={controlClass}
          />
        </FormField>
        <FormField field={fields.nextAudit} message={message} label={t("settings.nextAudit")}>
          <input
            {...getInputProps(fields.nextAudit, { type: "date" })}
            key={fields.nextAudit.key}
            className={controlClass}
          />
        </FormField>
        <MemberSelect
          field={fields.complianceOwnerId}
          members={members}
          label={t("settings.complianceOwner")}
          blank={t("settings.noOwner")}
          hint={t("settings.complianceOwnerHint")}
        />
        <FormField
          field={fields.escalationDays}
          message={message}
          label={t("settings.escalationDays")}
          hint={t("settings.escalationDaysHint", { max: ESCALATION_DAYS_MAX })}
        >
          <input
            {...getInputProps(fields.escalationDays, { type: "number" })}
            key={fields.escalationDays.key}
            min={1}
            max={ESCALATION_DAYS_MAX}
            step={1}
            inputMode="numeric"
            className={controlClass}
          />
        </FormField>
        <fieldset className="grid gap-4 sm:col-span-3 sm:grid-cols-2">
          <legend className="font-semibold">{t("settings.assessmentHeading")}</legend>
          {ASSESSMENT_FIELDS.map((name) => (
            <FormField
              key={name}
              field={fields[name]}
              message={message}
              label={t(`settings.${name}`)}
              hint={t(`settings.${name}Hint`, ASSESSMENT_LIMITS[name])}
            >
              <input
                {...getInputProps(fields[name], { type: "number" })}
                key={fields[name].key}
                min={ASSESSMENT_LIMITS[name].min}
                max={ASSESSMENT_LIMITS[name].max}
                step={1}
                inputMode="numeric"
                className={controlClass}
              />
            </FormField>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <SubmitButton pending={pending} pendingLabel={t("settings.saving")}>
            {t("settings.save")}
          </SubmitButton>
          {done && <Done>{t("settings.saved")}</Done>}
        </div>
      </Form>
    </Card>
  );
}

/** Moves a learner's due date for a requirement later, with the reason. */
export function ExtensionForm({
  members,
  requirements,
  reply,
}: {
  members: readonly MemberView[];
  requirements: readonly Requirement[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const { result, done, pending } = useReply(reply, "extend");
  const [form, fields] = useForm({
    id: "extend",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExtensionSchema }),
  });
  return (
    <Card>
      <h2 className="text-xl font-bold">{t("extend.heading")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("extend.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="extend" />
        <input type="hidden" name="form" value="extend" />
        <MemberSelect
          field={fields.userId}
          members={members}
          label={t("extend.learner")}
          blank={t("extend.choose")}
        />
        <FormField field={fields.requirementId} message={message} label={t("extend.requirement")}>
          <select
            {...getSelectProps(fields.requirementId)}
            key={fields.requirementId.key}
            className={controlClass}
          >
            <option value="">{t("extend.choose")}</option>
            {requirements.map((requirement) => (
              <option key={requirement.id} value={requirement.id}>
                {requirement.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField field={fields.dueDate} message={message} label={t("extend.dueDate")}>
          <input
            {...getInputProps(fields.dueDate, { type: "date" })}
            key={fields.dueDate.key}
            className={controlClass}
          />
        </FormField>
        <div className="sm:col-span-3">
          <FormField
            field={fields.reason}
            message={message}
            label={t("extend.reason")}
            hint={t("extend.reasonHint", { max: EXTENSION_REASON_MAX })}
          >
            <textarea
              {...getTextareaProps(fields.reason)}
              key={fields.reason.key}
              rows={2}
              maxLength={EXTENSION_REASON_MAX}
              className={controlClass}
            />
          </FormField>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <SubmitButton pending={pending} pendingLabel={t("extend.submitting")}>
            {t("extend.submit")}
          </SubmitButton>
          {done && <Done>{t("extend.done")}</Done>}
        </div>
      </Form>
    </Card>
  );
}

/** Who moved which due date, to when and why: newest first. */
export function ExtensionHistory({ history }: { history: readonly ExtensionRecord[] }) {
  const { t } = useTranslation("requirements");
  const columns: Column<ExtensionRecord>[] = [
    {
      key: "when",
      header: t("history.when"),
      className: "whitespace-nowrap",
      cell: (entry) => (
        <time dateTime={entry.createdAt}>{entry.createdAt.slice(0, 16).replace("T", " ")}</time>
      ),
    },
    {
      key: "learner",
      header: t("history.learner"),
      cell: (entry) => entry.learnerName || entry.learnerEmail,
    },
    {
      key: "requirement",
      header: t("history.requirement"),
      cell: (entry) => entry.requirementName,
    },
    { key: "cycle", header: t("history.cycle"), cell: (entry) => entry.cycle },
    {
      key: "dueDate",
      header: t("history.dueDate"),
      className: "whitespace-nowrap",
      cell: (entry) => entry.dueDate,
    },
    { key: "reason", header: t("history.reason"), cell: (entry) => entry.reason },
    { key: "actor", header: t("history.actor"), cell: (entry) => entry.actorEmail },
  ];
  return (
    <section aria-labelledby="extension-history">
      <h2 id="extension-history" className="text-xl font-bold">
        {t("history.heading")}
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("history.empty")}</p>
      ) : (
        <div className="mt-3">
          <DataTable
            variant="compact"
            caption={t("history.caption")}
            columns={columns}
            rows={history}
            data-testid="extension-history"
          />
        </div>
      )}
    </section>
  );
}

/** The organisation's members, each with a role an admin may change. */
export function MemberRoles({
  members,
  reply,
}: {
  members: readonly MemberView[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const roleForm = (member: MemberView) => {
    const formId = `role-${member.id}`;
    const mine = reply?.form === formId ? reply : undefined;
    const error = mine && !mine.ok ? message(mine.result.error?.role ?? undefined) : null;
    return (
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="form" value={formId} />
        <input type="hidden" name="userId" value={member.id} />
        <label htmlFor={`${formId}-role`} className="sr-only">
          {t("members.roleOf", { name: member.name || member.email })}
        </label>
        <select
          id={`${formId}-role`}
          name="role"
          defaultValue={member.role}
          key={member.role}
          className={`${controlClass} mt-0 w-auto`}
        >
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          {t("members.change")}
          <span className="sr-only"> {member.name || member.email}</span>
        </Button>
        {mine?.ok && <Done>{t("members.changed")}</Done>}
        {error && (
          <span role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </Form>
    );
  };
  const columns: Column<MemberView>[] = [
    { key: "name", header: t("members.name"), rowHeader: true, cell: (member) => member.name },
    { key: "email", header: t("members.email"), cell: (member) => member.email },
    { key: "role", header: t("members.role"), cell: roleForm },
  ];
  return (
    <section aria-labelledby="members">
      <h2 id="members" className="text-xl font-bold">
        {t("members.heading")}{" "}
        <span className="text-base font-normal text-slate-600 dark:text-slate-300">
          ({t("members.count", { count: members.length })})
        </span>
      </h2>
      <div className="mt-3">
        <DataTable
          variant="compact"
          caption={t("members.heading")}
          columns={columns}
          rows={members}
          data-testid="members"
        />
      </div>
    </section>
  );
}

/**
 * Everything a requirements page manages for one organisation, in order; member roles only on the
 * admin page (only admins set them).
 */
export function RequirementsManagement({
  page,
  reply,
  withRoles,
}: {
  page: RequirementsPage;
  reply: RequirementReply | undefined;
  withRoles: boolean;
}) {
  const { t } = useTranslation("requirements");
  return (
    <>
      <OrganisationSettingsForm
        organisation={page.organisation}
        members={page.members}
        reply={reply}
      />
      <RequirementTable
        organisation={page.organisation}
        requirements={page.requirements}
        options={page.options}
        groups={page.groups}
        reply={reply}
      />
      <Card>
        <h2 className="text-xl font-bold">{t("form.createHeading")}</h2>
        <div className="mt-4">
          <RequirementForm options={page.options} groups={page.groups} reply={reply} />
        </div>
      </Card>
      {withRoles && <MemberRoles members={page.members} reply={reply} />}
      <GroupsManagement page={page} reply={reply} />
      <ExtensionForm members={page.members} requirements={page.requirements} reply={reply} />
      <ExtensionHistory history={page.history} />
    </>
  );
}
