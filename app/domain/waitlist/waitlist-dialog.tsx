import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href } from "react-router";
import { useRegion, useTranslation } from "~/platform/i18n";
import { track } from "~/platform/analytics";
import { brand } from "~/platform/lib/brand";
import { Button } from "~/platform/ui/button";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import { type WaitlistJoinResult, joinWaitlist } from "./join";
import { WaitlistSchema, type WaitlistSubmission } from "./schema";
import { SensitiveDataNotice, WaitlistFields, WaitlistSuccess } from "./waitlist-fields";
import "~/platform/ui/dialog-nonce";

// SPEC §9: focus moves into the dialog after 100 ms.
const FOCUS_DELAY_MS = 100;

export default function WaitlistDialog({
  open,
  onOpenChange,
  initialEmail,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail?: string;
  /** Puts focus back where it was before the dialog opened. */
  onClosed?: () => void;
}) {
  const { t } = useTranslation(["forms", "validation", "errors"]);
  const { pack } = useRegion();
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<WaitlistJoinResult>();
  const nameRef = useRef<HTMLInputElement>(null);
  // A dialog closed within the delay must not pull focus back into its fields as they leave.
  const focusTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!open) clearTimeout(focusTimer.current);
    return () => clearTimeout(focusTimer.current);
  }, [open]);

  const [form, fields] = useForm({
    id: "waitlist",
    defaultValue: { email: initialEmail ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WaitlistSchema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      send(submission.value);
    },
  });

  const values = (form.value ?? {}) as Record<string, unknown>;
  const filled = (name: string) =>
    typeof values[name] === "string" && String(values[name]).trim() !== "";
  const typed =
    ["name", "company", "role"].some(filled) || (values.email ?? "") !== (initialEmail ?? "");

  const region = pack.region.id;
  function send(value: WaitlistSubmission) {
    track("waitlist_submit_attempt", { region });
    setSubmitting(true);
    setResult(undefined);
    void joinWaitlist({
      name: value.name,
      email: value.email,
      company: value.company,
      role: value.role,
      consent: true,
      website: value.website ?? "",
      product: brand.waitlistProduct,
      timestamp: new Date().toISOString(),
    }).then((outcome) => {
      setSubmitting(false);
      setResult(outcome);
      if (outcome.joined) track("waitlist_submit_success", { region });
      else track("waitlist_submit_error", { region, reason: outcome.reason });
    });
  }

  // The dialog exists only with JavaScript, which sends the form itself. A submission React never
  // sees (blur validation of a field whose dialog is closing) must not become a page navigation.
  useEffect(() => {
    const stayOnPage = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.id === form.id) {
        event.preventDefault();
      }
    };
    window.addEventListener("submit", stayOnPage);
    return () => window.removeEventListener("submit", stayOnPage);
  }, [form.id]);

  // SPEC §5: submit only with every field filled, consent given and the honeypot empty.
  const ready =
    ["name", "email", "company", "role"].every(filled) &&
    values.consent === "on" &&
    !filled("website");

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed?.();
          }}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            // Closed untouched (a keyboard walk through the fields, then Escape), the form opens
            // again as new: the "required" notes of that walk do not greet the next visit.
            if (!typed) form.reset();
            // Someone quicker than the delay keeps the field they chose.
            focusTimer.current = setTimeout(() => {
              if (!(document.activeElement instanceof HTMLInputElement)) nameRef.current?.focus();
            }, FOCUS_DELAY_MS);
          }}
        >
          <div className="flex items-start gap-4">
            <Dialog.Title className="text-xl font-bold">
              {t(`forms:waitlist.regions.${region}.title`)}
            </Dialog.Title>
            <Dialog.Close
              className="focus-ring ml-auto rounded p-1"
              aria-label={t("forms:waitlist.close")}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {result?.joined ? (
            <WaitlistSuccess onLeave={() => onOpenChange(false)} />
          ) : (
            <>
              <Dialog.Description className="mt-2 text-slate-600 dark:text-slate-300">
                {t(`forms:waitlist.regions.${region}.subtitle`)}
              </Dialog.Description>
              <SensitiveDataNotice />
              <form
                {...getFormProps(form)}
                method="post"
                action={href("/api/waitlist")}
                className="mt-4 space-y-4"
              >
                <WaitlistFields
                  fields={fields}
                  nameRef={nameRef}
                  email={String(values.email ?? "")}
                />
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("forms:waitlist.trust")}
                </p>
                {result?.joined === false ? (
                  <FormAlert>
                    {result.reason === "network" ? t("errors:network") : t("forms:waitlist.error")}
                  </FormAlert>
                ) : null}
                <div className="flex justify-end gap-3">
                  <Dialog.Close asChild>
                    <Button variant="secondary">{t("forms:waitlist.cancel")}</Button>
                  </Dialog.Close>
                  <SubmitButton
                    pending={submitting}
                    pendingLabel={t("forms:waitlist.joining")}
                    disabled={!ready}
                  >
                    {t("forms:waitlist.join")}
                  </SubmitButton>
                </div>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
