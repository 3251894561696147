import { ArrowUp } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigationType } from "react-router";
import {
  FIRST_VISIT_KEY,
  SCROLL_TOP_THRESHOLD_PX,
  type ScrollAction,
  decideFirstVisit,
  decideScroll,
} from "./scroll";

const POSITIONS_KEY = "kestrel:scroll-positions";
// useLayoutEffect warns during server rendering; the effect only matters in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function readPositions(): Map<string, number> {
  try {
    const raw = sessionStorage.getItem(POSITIONS_KEY);
    return new Map(raw ? (JSON.parse(raw) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

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

/** Applies the scroll rules of SPEC §2 on every route change and remembers back/forward positions. */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);
  const firstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    positions.current = readPositions();
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current?.set(currentKey.current, scrollY));
    };
    const persist = () => {
      try {
        const entries = [...(positions.current ?? [])].slice(-50);
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(entries));
      } catch {
        // storage full or blocked: positions are a convenience
      }
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", persist);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", persist);
    };
  }, []);

  useBrowserLayoutEffect(() => {
    currentKey.current = location.key;
    if (firstRender.current) {
      firstRender.current = false;
      let stored = false;
      try {
        stored = localStorage.getItem(FIRST_VISIT_KEY) === "true";
        if (!stored) localStorage.setItem(FIRST_VISIT_KEY, "true");
      } catch {
        stored = true;
      }
      const action = decideFirstVisit(location.hash, stored);
      if (action.kind !== "none") apply(action);
      else if (location.hash) apply(decideScroll({ hash: location.hash, navigationType: "PUSH" }));
      return;
    }
    apply(
      decideScroll({
        hash: location.hash,
        navigationType,
        savedY: (positions.current ?? readPositions()).get(location.key),
      }),
    );
    // Route changes only: a change of search parameters alone keeps the reader's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
