import { ArrowLeft } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { brand } from "~/platform/lib/brand";
import { buttonClasses } from "~/platform/ui/button";
import { useTranslation } from "~/platform/i18n";
import { fixedBackTarget } from "./scroll";

/** True when this tab has an earlier entry of our own app to go back to. */
function hasAppHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === "object" &&
    state !== null &&
    "idx" in state &&
    typeof state.idx === "number" &&
    state.idx > 0
  );
}

/**
 * SPEC §2: goes back one step when there is history, else home (or to a page's fixed target). A link underneath, so it works
 * before JavaScript loads.
 */
export function BackButton() {
  const { t } = useTranslation("header");
  const navigate = useNavigate();
  const fixed = fixedBackTarget(useLocation().pathname);
  return (
    <Link
      to={fixed ?? brand.homePath}
      onClick={(event) => {
        if (fixed || !hasAppHistory()) return;
        event.preventDefault();
        void navigate(-1);
      }}
      className={buttonClasses("ghost", "shrink-0 px-2")}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      <span className="max-lg:sr-only">{t("back")}</span>
    </Link>
  );
}
