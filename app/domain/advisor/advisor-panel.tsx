import { Bot, MessageSquare } from "lucide-react";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n";
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
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
            <MessageSquare aria-hidden="true" className="size-8 text-brand-600" />
            {failed ? (
              <p role="alert">{t("panel.loadFailed")}</p>
            ) : wanted ? (
              <p role="status">{t("panel.loading")}</p>
            ) : (
              <Button onClick={() => setWanted(true)}>{t("panel.open")}</Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
