import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useFieldMessage, useTranslation } from "~/platform/i18n";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { FormField, controlClass } from "~/platform/ui/field";
import { FieldSelect } from "~/platform/ui/field-select";
import { SubmitButton } from "~/platform/ui/form-status";
import { AddRemoveButtons, Done, MemberSelect, memberLabel, useReply } from "./form-parts";
import {
  GROUP_NAME_MAX,
  GroupCreateSchema,
  GroupMemberSchema,
  LineManagerSchema,
  ReviewerSchema,
} from "./requirement-schema";
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
  const { result, done, pending } = useReply(reply, "group-member");
  const removed = reply?.form === "group-member" && reply.ok && reply.intent === "group-remove";
  const [form, fields] = useForm({
    id: "group-member",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupMemberSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="form" value="group-member" />
      <MemberSelect
        field={fields.userId}
        members={page.members}
        label={t("groups.member")}
        blank={t("extend.choose")}
      />
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
      <AddRemoveButtons
        add={{ intent: "group-add", label: t("groups.add") }}
        remove={{ intent: "group-remove", label: t("groups.removeFromGroup") }}
        pending={pending}
        done={done ? t(removed ? "groups.removed" : "groups.added") : null}
      />
    </Form>
  );
}

/** A member's line manager, chosen among the other members (none: blank). */
function LineManagerForm({
  members,
  reply,
}: {
  members: readonly MemberView[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const { result, done, pending } = useReply(reply, "line-manager");
  const [form, fields] = useForm({
    id: "line-manager",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LineManagerSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="line-manager" />
      <input type="hidden" name="form" value="line-manager" />
      <MemberSelect
        field={fields.userId}
        members={members}
        label={t("groups.member")}
        blank={t("extend.choose")}
      />
      <MemberSelect
        field={fields.managerId}
        members={members}
        label={t("groups.lineManager")}
        blank={t("groups.noLineManager")}
      />
      <div className="flex flex-wrap items-end gap-3">
        <SubmitButton pending={pending} pendingLabel={t("groups.setting")}>
          {t("groups.setLineManager")}
        </SubmitButton>
        {done && <Done>{t("groups.lineManagerSet")}</Done>}
      </div>
    </Form>
  );
}

/**
 * The members named to review written AML answers beside the managers: name one, or take one off.
 */
function ReviewersForm({
  members,
  reply,
}: {
  members: readonly MemberView[];
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation(["requirements", "validation"]);
  const { result, done, pending } = useReply(reply, "reviewer");
  const removed = reply?.form === "reviewer" && reply.ok && reply.intent === "reviewer-remove";
  const [form, fields] = useForm({
    id: "reviewer",
    lastResult: result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewerSchema }),
  });
  const named = members.filter((member) => member.reviewer);
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("reviewers.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="form" value="reviewer" />
        <MemberSelect
          field={fields.userId}
          members={members}
          label={t("groups.member")}
          blank={t("extend.choose")}
        />
        <AddRemoveButtons
          add={{ intent: "reviewer-add", label: t("reviewers.name") }}
          remove={{ intent: "reviewer-remove", label: t("reviewers.remove") }}
          pending={pending}
          done={done ? t(removed ? "reviewers.removed" : "reviewers.named") : null}
          className="sm:col-span-2"
        />
      </Form>
      <p className="mt-4 text-sm" data-testid="reviewers">
        {named.length === 0
          ? t("reviewers.none")
          : t("reviewers.list", { names: named.map(memberLabel).join(", ") })}
      </p>
    </>
  );
}

/** How many of a group's members it names; the rest are counted. */
const NAMED_MEMBERS = 12;
/** How many members with a line manager the table lists. */
const LISTED_LINES = 100;

export function GroupsManagement({
  page,
  reply,
}: {
  page: RequirementsPage;
  reply: RequirementReply | undefined;
}) {
  const { t } = useTranslation("requirements");
  const byId = new Map(page.members.map((member) => [member.id, member]));
  const lines = page.members.flatMap((member) => {
    const manager = member.managerId ? byId.get(member.managerId) : undefined;
    return manager ? [{ id: member.id, member, manager }] : [];
  });
  const columns: Column<(typeof lines)[number]>[] = [
    {
      key: "member",
      header: t("groups.member"),
      rowHeader: true,
      cell: ({ member }) => memberLabel(member),
    },
    {
      key: "manager",
      header: t("groups.lineManager"),
      cell: ({ manager }) => memberLabel(manager),
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
                <p className="mt-1 text-sm">
                  {group.memberIds.length === 0
                    ? t("groups.noMembers")
                    : [
                        ...group.memberIds.slice(0, NAMED_MEMBERS).map((userId) => {
                          const member = byId.get(userId);
                          return member ? member.name || member.email : userId;
                        }),
                        ...(group.memberIds.length > NAMED_MEMBERS
                          ? [t("groups.more", { more: group.memberIds.length - NAMED_MEMBERS })]
                          : []),
                      ].join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <Card>
        <h3 className="text-lg font-bold">{t("groups.lineManagersHeading")}</h3>
        <div className="mt-3">
          <LineManagerForm members={page.members} reply={reply} />
        </div>
        {lines.length > 0 && (
          <div className="mt-4">
            <DataTable
              variant="compact"
              caption={t("groups.lineManagersCaption", {
                shown: Math.min(lines.length, LISTED_LINES),
                total: lines.length,
              })}
              showCaption
              columns={columns}
              rows={lines.slice(0, LISTED_LINES)}
              data-testid="line-managers"
            />
          </div>
        )}
      </Card>
      <Card>
        <h3 className="text-lg font-bold">{t("reviewers.heading")}</h3>
        <div className="mt-3">
          <ReviewersForm members={page.members} reply={reply} />
        </div>
      </Card>
    </section>
  );
}
