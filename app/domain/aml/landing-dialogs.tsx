import * as Dialog from "@radix-ui/react-dialog";
import { ExternalLink, TriangleAlert, X } from "lucide-react";
import { type ReactNode, type RefObject, Suspense, use, useId } from "react";
import { href } from "react-router";
import { useTranslation } from "~/platform/i18n";
import type { RegulatoryGuidance } from "./types";
import { CONTENT_LANGUAGE } from "./constants";
import "~/platform/ui/dialog-nonce";

// The AML landing's two dialogs, loaded on the first open (landing.tsx) with the guidance they show.
// Radix traps focus, closes on Escape and locks scrolling; focus goes back to the button that opened
// the dialog.

const GUIDANCE_ENDPOINT = href("/api/aml/guidance");

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

function LandingDialog({
  title,
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: DialogProps & { title: string; children: ReactNode }) {
  const { t } = useTranslation("aml");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900"
          onCloseAutoFocus={(event) => {
            // Radix returns focus to its own trigger; ours is a plain button of the page.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start gap-4">
            <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
            <Dialog.Close
              className="focus-ring ml-auto rounded p-1"
              aria-label={t("landing.close")}
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// SPEC §2: the five indicators, in this order.
const INDICATORS = [
  "roundAmounts",
  "passThrough",
  "highRiskJurisdictions",
  "pep",
  "structuring",
] as const;

export function HintsDialog(props: DialogProps) {
  const { t } = useTranslation("aml");
  return (
    <LandingDialog title={t("hints.title")} {...props}>
      <h3 className="mt-4 font-semibold">{t("hints.indicatorsHeading")}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        {INDICATORS.map((indicator) => (
          <li key={indicator}>{t(`hints.${indicator}`)}</li>
        ))}
      </ul>
      <p className="mt-4 flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {t("hints.escalationWarning")}
      </p>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("hints.footnote")}</p>
    </LandingDialog>
  );
}

export type GuidanceResult = { ok: true; guidance: RegulatoryGuidance } | { ok: false };

/**
 * Reads the guidance for the dialog. SPEC §8: a failure (no answer, an error status) is logged
 * and the dialog keeps its title over an empty list.
 */
export async function loadGuidance(): Promise<GuidanceResult> {
  try {
    // A fetcher would be the usual way, but a fetcher's failure replaces the whole page with the
    // error screen (React Router sends it to the route's error boundary).
    // eslint-disable-next-line no-restricted-globals -- the failure must stay inside the dialog
    const response = await fetch(GUIDANCE_ENDPOINT, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${GUIDANCE_ENDPOINT} answered ${response.status}`);
    const guidance = (await response.json()) as RegulatoryGuidance;
    // The server answers an empty list when its content file is broken: a failure to a reader.
    return guidance.entries.length > 0 ? { ok: true, guidance } : { ok: false };
  } catch (error) {
    console.warn("The regulatory guidance could not be loaded.", error);
    return { ok: false };
  }
}

export function GuidanceDialog({
  guidance,
  ...props
}: DialogProps & { guidance: Promise<GuidanceResult> }) {
  const { t } = useTranslation("aml");
  return (
    <LandingDialog title={t("guidance.title")} {...props}>
      <Suspense
        fallback={
          <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
            {t("landing.guidanceLoading")}
          </p>
        }
      >
        <GuidanceList guidance={guidance} />
      </Suspense>
    </LandingDialog>
  );
}

function GuidanceList({ guidance }: { guidance: Promise<GuidanceResult> }) {
  const { t } = useTranslation("aml");
  const result = use(guidance);
  return (
    <>
      {result.ok ? (
        <p lang={CONTENT_LANGUAGE} className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {result.guidance.note}
        </p>
      ) : (
        <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
          {t("landing.guidanceFailed")}
        </p>
      )}
      <ul aria-label={t("landing.guidanceListLabel")} className="mt-4 space-y-4">
        {(result.ok ? result.guidance.entries : []).map((entry) => (
          <GuidanceItem key={`${entry.regulation} ${entry.section}`} entry={entry} />
        ))}
      </ul>
    </>
  );
}

function GuidanceItem({ entry }: { entry: RegulatoryGuidance["entries"][number] }) {
  const { t } = useTranslation("aml");
  const headingId = useId();
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div lang={CONTENT_LANGUAGE}>
        <h3 id={headingId} className="font-semibold">
          {entry.regulation}, {entry.section}
        </h3>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{entry.summary}</p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{entry.guidance}</p>
      </div>
      <a
        href={entry.link}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={headingId}
        className="focus-ring mt-3 inline-flex items-center gap-1 rounded font-medium text-brand-700 underline hover:text-brand-900 dark:text-brand-300"
      >
        {t("guidance.readFull")}
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">{t("landing.newTab")}</span>
      </a>
    </li>
  );
}
