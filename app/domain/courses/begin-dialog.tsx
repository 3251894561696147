import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "~/platform/i18n";
import { Button, ButtonLink } from "~/platform/ui/button";
import "~/platform/ui/dialog-nonce";

// SPEC §2: starting the course while signed out asks to sign in first. Loaded on the first click,
// so the page's own script carries no dialog.
export default function BeginDialog({
  open,
  onOpenChange,
  signInUrl,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signInUrl: string;
}) {
  const { t } = useTranslation("esgCourse");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold">{t("begin.title")}</Dialog.Title>
          <Dialog.Description className="mt-2">{t("begin.body")}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary">{t("begin.cancel")}</Button>
            </Dialog.Close>
            <ButtonLink to={signInUrl}>{t("begin.signIn")}</ButtonLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
