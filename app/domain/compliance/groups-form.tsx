import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FieldSelect } from "~/platform/ui/field-select";
import { SubmitButton } from "~/platform/ui/form-status";
import { Done, memberLabel, useReply } from "./form-parts";
import { GROUP_NAME_MAX, GroupCreateSchema, GroupMemberSchema } from "./requirement-schema";
import { GROUP_KINDS } from "./rules";
import type { MemberView, RequirementReply, RequirementsPage } from "./types";

// An organisation's groups (teams, departments, roles, locations), who is in each, and each
// member's line manager: what a requirement's audience and the escalations read. Plain forms that
// post to the page and work without scripts.

function NewGroupForm({ reply }: { reply: RequirementReply | undefined }) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const { result, done, pending } = useReply(reply, "group-create");
  const [form, fields] = useForm({
    id: "group-create",
    lastResult: result,
    defaultValue: { kind: "team", name: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupCreateSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="group-create" />
      <input type="hidden" name="form" value="group-create" />
      <FormField field={fields.kind} message={message} label={t("groups.kind")}>
        <FieldSelect
          field={fields.kind}
          values={GROUP_KINDS}
          label={(value) => t(`groups.kinds.${value}`)}
        />
      </FormField>
      <FormField
        field={fields.name}
        message={message}
        label={t("groups.name")}
        hint={t("groups.nameHint", { max: GROUP_NAME_MAX })}
      >
        <input
          {...getInputProps(fields.name, { type: "text" })}
          key={fields.name.key}
          maxLength={GROUP_NAME_MAX}
          className={controlClass}
        />
      </FormField>
      <div className="flex flex-wrap items-end gap-3">
        <SubmitButton pending={pending} pendingLabel={t("groups.creating")}>
          {t("groups.create")}
        </SubmitButton>
        {done && <Done>{t("groups.created")}</Done>}
      </div>
    </Form>
  );
}

function AddMemberForm({ page, reply }: { page: RequirementsPage; reply?: RequirementReply }) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const { result, done, pending } = useReply(reply, "group-add");
  const [form, fields] = useForm({
    id: "group-add",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupMemberSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="group-add" />
      <input type="hidden" name="form" value="group-add" />
      <FormField field={fields.userId} message={message} label={t("groups.member")}>
        <select {...getSelectProps(fields.userId)} key={fields.userId.key} className={controlClass}>
          <option value="">{t("extend.choose")}</option>
          {page.members.map((member) => (
            <option key={member.id} value={member.id}>
              {memberLabel(member)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField field={fields.groupId} message={message} label={t("groups.group")}>
        <select
          {...getSelectProps(fields.groupId)}
          key={fields.groupId.key}
          className={controlClass}
        >
          <option value="">{t("extend.choose")}</option>
          {page.groups.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name} ({t(`groups.kinds.${group.kind}`)})
            </option>
          ))}
        </select>
      </FormField>
      <div className="flex flex-wrap items-end gap-3">
        <SubmitButton pending={pending} pendingLabel={t("groups.adding")}>
          {t("groups.add")}
        </SubmitButton>
        {done && <Done>{t("groups.added")}</Done>}
      </div>
    </Form>
  );
}

/** A member's line manager, chosen among the other members. */
function LineManagerForm({
  member,
  members,
  reply,
}: {
  member: MemberView;
  members: readonly MemberView[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const message = useFieldMessage();
  const formId = `line-manager-${member.id}`;
  const mine = reply?.form === formId ? reply : undefined;
  const error = mine && !mine.ok ? message([mine.error.message]) : null;
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="line-manager" />
      <input type="hidden" name="form" value={formId} />
      <input type="hidden" name="userId" value={member.id} />
      <label htmlFor={`${formId}-manager`} className="sr-only">
        {t("groups.lineManagerOf", { name: member.name || member.email })}
      </label>
      <select
        id={`${formId}-manager`}
        name="managerId"
        defaultValue={member.managerId ?? ""}
        key={member.managerId ?? ""}
        className={`${controlClass} mt-0 w-auto`}
      >
        <option value="">{t("groups.noLineManager")}</option>
        {members
          .filter((candidate) => candidate.id !== member.id)
          .map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {memberLabel(candidate)}
            </option>
          ))}
      </select>
      <Button type="submit" variant="secondary">
        {t("groups.setLineManager")}
        <span className="sr-only"> {member.name || member.email}</span>
      </Button>
      {mine?.ok && <Done>{t("groups.lineManagerSet")}</Done>}
      {error && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </Form>
  );
}

export function GroupsManagement({
  page,
  reply,
}: {
  page: RequirementsPage;
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation("requirements");
  const names = new Map(page.members.map((member) => [member.id, member]));
  const removeFailed =
    reply?.intent === "group-remove" && !reply.ok ? reply.error.message : undefined;
  const message = useFieldMessage();
  const columns: Column<MemberView>[] = [
    {
      key: "name",
      header: t("members.name"),
      rowHeader: true,
      cell: (member) => member.name || member.email,
    },
    { key: "email", header: t("members.email"), cell: (member) => member.email },
    {
      key: "manager",
      header: t("groups.lineManager"),
      cell: (member) => <LineManagerForm member={member} members={page.members} reply={reply} />,
    },
  ];
  return (
    <section aria-labelledby="groups-heading" className="space-y-4">
      <h2 id="groups-heading" className="text-xl font-bold">
        {t("groups.heading")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("groups.intro")}</p>
      <Card>
        <h3 className="text-lg font-bold">{t("groups.createHeading")}</h3>
        <div className="mt-3">
          <NewGroupForm reply={reply} />
        </div>
      </Card>
      {page.groups.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t("groups.empty")}</p>
      ) : (
        <>
          <Card>
            <h3 className="text-lg font-bold">{t("groups.addHeading")}</h3>
            <div className="mt-3">
              <AddMemberForm page={page} reply={reply} />
            </div>
          </Card>
          {removeFailed && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {message([removeFailed])}
            </p>
          )}
          <ul className="grid gap-3 md:grid-cols-2" data-testid="groups">
            {page.groups.map((group) => (
              <li
                key={group.id}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
                data-group={group.name}
              >
                <h3 className="font-semibold">
                  {group.name}{" "}
                  <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
                    ({t(`groups.kinds.${group.kind}`)})
                  </span>
                </h3>
                {group.memberIds.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t("groups.noMembers")}
                  </p>
                ) : (
                  <ul className="mt-2 space-y-1 text-sm">
                    {group.memberIds.map((userId) => {
                      const member = names.get(userId);
                      const label = member ? member.name || member.email : userId;
                      return (
                        <li key={userId} className="flex flex-wrap items-center gap-2">
                          <span>{label}</span>
                          <Form method="post">
                            <input type="hidden" name="intent" value="group-remove" />
                            <input
                              type="hidden"
                              name="form"
                              value={`group-remove-${group.id}-${userId}`}
                            />
                            <input type="hidden" name="groupId" value={group.id} />
                            <input type="hidden" name="userId" value={userId} />
                            <Button type="submit" variant="secondary">
                              {t("groups.remove")}
                              <span className="sr-only">
                                {" "}
                                {t("groups.removeWho", { name: label, group: group.name })}
                              </span>
                            </Button>
                          </Form>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <DataTable
        variant="compact"
        caption={t("groups.lineManagersCaption")}
        columns={columns}
        rows={page.members}
        data-testid="line-managers"
      />
    </section>
  );
}
