import { FileDown, Lightbulb, MousePointerClick, Scale, ShieldCheck } from "lucide-react";
import { type ReactNode, Suspense, lazy, useRef, useState } from "react";
import { href } from "react-router";
import { track } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { brand } from "~/platform/lib/brand";
import { ButtonLink, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { GuidanceResult } from "./landing-dialogs";
import { GuidedStageContext, GuidedSteps } from "./landing-steps";

// SPEC §2 "AML landing" (/courses/aml-fraud), in the visitor's language.

// The dialogs and Radix load on the first open, not with the page.
const HintsDialog = lazy(() =>
  import("./landing-dialogs").then((module) => ({ default: module.HintsDialog })),
);
const GuidanceDialog = lazy(() =>
  import("./landing-dialogs").then((module) => ({ default: module.GuidanceDialog })),
);

const AML_DEMO_SECTION_ID = "aml-demo";

const FEATURES = [
  { id: "scenarios", Icon: ShieldCheck },
  { id: "interactive", Icon: MousePointerClick },
  { id: "evidence", Icon: FileDown },
] as const;

/** Scrolls to the demo and puts keyboard focus there, so Tab continues inside it. */
function goToDemo() {
  const section = document.getElementById(AML_DEMO_SECTION_ID);
  if (!section) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
  section.focus({ preventScroll: true });
}

function Hero() {
  const { t } = useTranslation("aml");
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 sm:px-6 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl text-center">
        <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-100">
          {t("badge")}
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {t("title", { product: brand.name })}
        </h1>
        <p className="mt-6 text-lg text-pretty text-slate-700 dark:text-slate-300">
          {t("landing.intro")}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {/* A link to the section, so it also works before the scripts have loaded. */}
          <a
            href={`#${AML_DEMO_SECTION_ID}`}
            className={buttonClasses()}
            onClick={(event) => {
              event.preventDefault();
              track("guided_scenario_start", { course: "AML", location: "hero_cta" });
              goToDemo();
            }}
          >
            {t("startGuided")}
          </a>
          <ButtonLink to={href("/courses/esg-ai-ethics")} variant="secondary">
            {t("viewEsg")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation("aml");
  return (
    <section aria-labelledby="aml-features" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <h2 id="aml-features" className="text-2xl font-bold">
        {t("landing.featuresHeading")}
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ id, Icon }) => (
          <Card key={id}>
            <Icon aria-hidden="true" className="size-8 text-brand-600" />
            <h3 className="mt-3 text-lg font-semibold">{t(`features.${id}.title`)}</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`features.${id}.body`)}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}

type DialogName = "hints" | "guidance";

/** The Compliance Hints and Regulatory Guidance buttons, and their dialogs. */
function ComplianceTools() {
  const { t } = useTranslation("aml");
  const [open, setOpen] = useState<DialogName | null>(null);
  // Each dialog mounts on its first open and stays, so the guidance is read once.
  const [hintsUsed, setHintsUsed] = useState(false);
  const [guidance, setGuidance] = useState<Promise<GuidanceResult> | null>(null);
  // A failed read is tried again at the next open.
  const guidanceFailed = useRef(false);
  const hintsButton = useRef<HTMLButtonElement>(null);
  const guidanceButton = useRef<HTMLButtonElement>(null);

  function openHints() {
    setHintsUsed(true);
    setOpen("hints");
    track("guided_hint_opened", { course: "AML", location: "landing" });
  }

  function openGuidance() {
    if (!guidance || guidanceFailed.current) {
      guidanceFailed.current = false;
      const next = import("./landing-dialogs").then((dialogs) => dialogs.loadGuidance());
      void next.then((result) => {
        guidanceFailed.current = !result.ok;
      });
      setGuidance(next);
    }
    setOpen("guidance");
  }

  const onOpenChange = (dialog: DialogName) => (next: boolean) => setOpen(next ? dialog : null);

  return (
    <section aria-labelledby="aml-tools" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <h2 id="aml-tools" className="text-2xl font-bold">
        {t("landing.toolsHeading")}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("landing.toolsBody")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          ref={hintsButton}
          type="button"
          className={buttonClasses("secondary")}
          onClick={openHints}
        >
          <Lightbulb aria-hidden="true" className="size-4" />
          {t("hints.title")}
        </button>
        <button
          ref={guidanceButton}
          type="button"
          className={buttonClasses("secondary")}
          onClick={openGuidance}
        >
          <Scale aria-hidden="true" className="size-4" />
          {t("guidance.title")}
        </button>
      </div>
      {hintsUsed ? (
        <Suspense>
          <HintsDialog
            open={open === "hints"}
            onOpenChange={onOpenChange("hints")}
            returnFocusTo={hintsButton}
          />
        </Suspense>
      ) : null}
      {guidance ? (
        <Suspense>
          <GuidanceDialog
            guidance={guidance}
            open={open === "guidance"}
            onOpenChange={onOpenChange("guidance")}
            returnFocusTo={guidanceButton}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The AML course landing. `preview` is what the demo section shows: the embedded live training
 * preview, or a way to reach it.
 */
export function AmlLanding({ preview }: { preview: ReactNode }) {
  const { t } = useTranslation("aml");
  const [stage, setStage] = useState(1);
  return (
    <GuidedStageContext value={setStage}>
      <div>
        <Hero />
        <Features />
        <ComplianceTools />
        <div className="bg-slate-50 px-4 py-16 sm:px-6 dark:bg-slate-900">
          <div className="mx-auto max-w-6xl">
            <GuidedSteps current={stage} />
            {/* Focusable from the hero's button only, hence no tab stop of its own. */}
            <section
              id={AML_DEMO_SECTION_ID}
              aria-labelledby="aml-demo-heading"
              tabIndex={-1}
              className="focus-ring mt-10 scroll-mt-24 rounded-2xl"
            >
              <h2 id="aml-demo-heading" className="text-2xl font-bold">
                {t("landing.demoHeading")}
              </h2>
              <div className="mt-6">{preview}</div>
            </section>
          </div>
        </div>
      </div>
    </GuidedStageContext>
  );
}
