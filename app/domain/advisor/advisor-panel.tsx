import { Bot, MessageSquare } from "lucide-react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useAuth } from "~/platform/auth";
import { useTranslation } from "~/platform/i18n";
import { useHydrated } from "~/platform/lib/hydrated";
import { Button } from "~/platform/ui/button";

// The advisor's place on a page: a 600 px panel (SPEC §9) whose chat loads when the panel comes
// near the viewport or is opened, so the chat's code is never part of a page's first load.

const PANEL_HEIGHT = "h-[600px]";

type ChatModule = { default: ComponentType<{ location: "landing" | "course" }> };
const loadChat = () => import("./advisor-chat") as Promise<ChatModule>;

export function AdvisorPanel({ location }: { location: "landing" | "course" }) {
  const { t } = useTranslation("esgAdvisor");
  const [Chat, setChat] = useState<ChatModule["default"] | null>(null);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const { user } = useAuth();
  const hydrated = useHydrated();

  useEffect(() => {
    const element = panel.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      // Only once the panel is on screen: a landing page read from the top never loads the chat.
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!wanted || Chat) return;
    let current = true;
    loadChat().then(
      (module) => current && setChat(() => module.default),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, Chat]);

  return (
    <div
      ref={panel}
      id={`advisor-chat-${location}`}
      className={`${PANEL_HEIGHT} flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900`}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
        <Bot aria-hidden="true" className="size-5 text-brand-600" />
        <h3 className="font-semibold">{t("panel.label")}</h3>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 uppercase">
          {t("beta")}
        </span>
      </div>
      <div className="min-h-0 flex-1">
        {Chat ? (
          <Chat location={location} />
        ) : (
          <div className="flex h-full flex-col">
            {/* A visitor meets the welcome at once; a signed-in user's own conversation loads. */}
            {user ? null : <WelcomeLog />}
            <div
              className={`flex flex-col items-center justify-center gap-3 p-6 text-center ${user ? "flex-1" : "border-t border-slate-200 dark:border-slate-700"}`}
            >
              {user ? <MessageSquare aria-hidden="true" className="size-8 text-brand-600" /> : null}
              {failed ? (
                <p role="alert">{t("panel.loadFailed")}</p>
              ) : wanted ? (
                <p role="status">{t("panel.loading")}</p>
              ) : (
                // Opening needs the page's scripts: until they run, the button says it cannot yet.
                <Button onClick={() => setWanted(true)} disabled={!hydrated}>
                  {t("panel.open")}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

// SPEC §4 "Chat demo": the advisor's five welcome lines. They are part of the page as the server
// sends it, in the panel's dictionary, so the chat is never an empty box while its code loads.
export const WELCOME_LINES = ["line1", "line2", "line3", "line4", "line5"] as const;

/** The welcome as the server renders it, before the chat's code has loaded. */
export function WelcomeLog() {
  const { t } = useTranslation("esgAdvisor");
  return (
    <div
      className="flex-1 space-y-3 overflow-y-auto p-4"
      role="log"
      aria-live="off"
      aria-label={t("panel.label")}
    >
      {WELCOME_LINES.map((line) => (
        // Drawn as the chat draws an advisor's message (advisor-chat.tsx, MessageBubble).
        <article key={line} className="flex gap-2" aria-label={t("panel.advisor")}>
          <span
            aria-hidden="true"
            className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100"
          >
            <Bot className="size-4" />
          </span>
          <p className="max-w-[85%] rounded-2xl bg-slate-100 px-4 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {t(`welcome.${line}`)}
          </p>
        </article>
      ))}
    </div>
  );
}
