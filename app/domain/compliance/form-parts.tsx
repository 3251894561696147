import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useFieldMessage } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { FormField, controlClass } from "~/platform/ui/field";
import type { MemberView, RequirementReply } from "./types";

// Small parts the compliance forms share.

/** The answer to this form, once the page is idle again. */
export function useReply(reply: RequirementReply | undefined, formId: string) {
  const navigation = useNavigation();
  const idle = navigation.state === "idle";
  const mine = reply?.form === formId ? reply : undefined;
  return {
    result: idle ? mine?.result : undefined,
    done: idle && Boolean(mine?.ok),
    pending: !idle && navigation.formData?.get("form") === formId,
  };
}

/** How a member is named in a list to choose from. */
export const memberLabel = (member: Pick<MemberView, "name" | "email">) =>
  member.name ? `${member.name} (${member.email})` : member.email;

export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
      {children}
    </p>
  );
}

/** A choice among the organisation's members, blank until one is chosen. */
export function MemberSelect({
  field,
  members,
  label,
  blank,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  members: readonly MemberView[];
  label: string;
  blank: string;
  hint?: string;
}) {
  const message = useFieldMessage();
  return (
    <FormField field={field} message={message} label={label} hint={hint}>
      <select {...getSelectProps(field)} key={field.key} className={controlClass}>
        <option value="">{blank}</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {memberLabel(member)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** A form's two submit buttons, one to add and one to take away, and what the last post did. */
export function AddRemoveButtons({
  add,
  remove,
  pending,
  done,
  className = "",
}: {
  add: { intent: string; label: string };
  remove: { intent: string; label: string };
  pending: boolean;
  done: string | null;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-end gap-3 ${className}`}>
      <Button type="submit" name="intent" value={add.intent} disabled={pending}>
        {add.label}
      </Button>
      <Button
        type="submit"
        name="intent"
        value={remove.intent}
        variant="secondary"
        disabled={pending}
      >
        {remove.label}
      </Button>
      {done && <Done>{done}</Done>}
    </div>
  );
}
