import { ArrowUp } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import {
  FIRST_VISIT_KEY,
  SCROLL_TOP_THRESHOLD_PX,
  type ScrollAction,
  decideFirstRender,
  decideScroll,
} from "./scroll";
import { useTranslation } from "~/platform/i18n";

// useLayoutEffect warns during server rendering; the effect only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function apply(action: ScrollAction) {
  if (action.kind === "restore") window.scrollTo(0, action.y);
  else if (action.kind === "top") {
    window.scrollTo({ top: 0, left: 0, behavior: action.smooth ? "smooth" : "instant" });
  } else if (action.kind === "anchor") {
    const target = document.getElementById(action.id);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }
}

function firstVisitFlagStored(): boolean {
  try {
    if (localStorage.getItem(FIRST_VISIT_KEY) === "true") return true;
    localStorage.setItem(FIRST_VISIT_KEY, "true");
    return false;
  } catch {
    return true; // storage blocked: behave as a returning visitor
  }
}

/** Applies the scroll rules of SPEC §2 on every route change and restores back/forward positions. */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const lastY = useRef(0);
  const currentKey = useRef(location.key);
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useBrowserLayoutEffect(() => {
    const previousKey = currentKey.current;
    currentKey.current = location.key;
    if (firstRender.current) {
      firstRender.current = false;
      apply(decideFirstRender(location.hash, firstVisitFlagStored()));
      return;
    }
    // Runs before the browser dispatches scroll events for the new page, so lastY is still
    // where the reader left the previous one.
    positions.current.set(previousKey, lastY.current);
    // Entries React Router did not create (first load, a typed hash) share one key; moving between
    // two of them is not a return to a known place.
    const savedY = location.key === previousKey ? undefined : positions.current.get(location.key);
    apply(decideScroll({ hash: location.hash, navigationType, savedY }));
    // Route changes only: a change of search parameters alone keeps the reader's place.
  }, [location.pathname, location.hash]);

  return null;
}

/** SPEC §2: a button that returns to the top once the page has scrolled past 300 px. */
export function ScrollToTopButton() {
  const { t } = useTranslation("header");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      aria-label={t("scrollToTop")}
      className="focus-ring fixed right-4 bottom-4 z-40 rounded-full bg-brand-600 p-3 text-white shadow-lg hover:bg-brand-700"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
