import type { ReactNode } from "react";
import { useNavigation } from "react-router";
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
