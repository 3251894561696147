import { Bot, Check, Copy, RotateCcw, Send, Trash2, User } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, href, useFetcher, useLocation } from "react-router";
import { track } from "~/platform/analytics";
import { useAuth } from "~/platform/auth";
import { addEnglishNamespaces, useTranslation } from "~/platform/i18n";
import advisorChat from "../../../locales/en/advisorChat.json";
import { openWaitlist } from "~/platform/lib/waitlist-trigger";
import { Button } from "~/platform/ui/button";
import {
  ADVISOR_LIMITS,
  type AdvisorFrame,
  type AdvisorNote,
  type ChatMessage,
  frameReader,
} from "./messages";
import { WELCOME_LINES } from "./advisor-panel";

// The ESG Advisor's chat (SPEC §3 "Chat", §4 "Chat demo", §9): loaded when its panel scrolls into
// view or is opened. Answers stream from POST /api/advisor; a signed-in user's conversation is kept
// on the server, a visitor's only on this page.

// The chat's texts come with its code, not with every page that shows the panel.
addEnglishNamespaces({ advisorChat });

const ADVISOR_API = href("/api/advisor");

interface AdvisorState {
  signedIn: boolean;
  messages: ChatMessage[];
}

/** SPEC §9: the sign-in prompt 2 s after the first quick reply. */
export const SIGN_IN_PROMPT_DELAY_MS = 2000;
const COPIED_MS = 2000;
const QUICK_REPLIES = ["masRedFlags", "esgScopes", "kycEscalation", "aiBias"] as const;
type QuickReply = (typeof QUICK_REPLIES)[number];

interface ShownMessage extends ChatMessage {
  /** Scripted text of the chat itself (welcome, prompts, errors): never sent as history. */
  local?: boolean;
  signInLink?: boolean;
  streaming?: boolean;
}

const now = () => new Date().toISOString();
const localId = () => `local-${Math.random().toString(36).slice(2)}`;

function botLine(text: string, extra: Partial<ShownMessage> = {}): ShownMessage {
  return {
    id: localId(),
    sender: "bot",
    text,
    timestamp: now(),
    kb: false,
    citations: [],
    local: true,
    ...extra,
  };
}

type Location = "landing" | "course";

const SIGNED_OUT: AdvisorState = { signedIn: false, messages: [] };

/** Opens the chat: at once for a visitor; after reading back a signed-in user's conversation. */
export default function AdvisorChat({ location }: { location: Location }) {
  const { user } = useAuth();
  return user ? (
    <SignedInChat location={location} />
  ) : (
    <Conversation location={location} initial={SIGNED_OUT} />
  );
}

function SignedInChat({ location }: { location: Location }) {
  const { t } = useTranslation("esgAdvisor");
  const kept = useFetcher<AdvisorState>();
  const { load } = kept;
  useEffect(() => {
    void load(ADVISOR_API);
  }, [load]);
  if (!kept.data) {
    return (
      <p role="status" className="p-4 text-sm">
        {t("panel.loading")}
      </p>
    );
  }
  return <Conversation location={location} initial={kept.data} />;
}

function Conversation({ location, initial }: { location: Location; initial: AdvisorState }) {
  const { t } = useTranslation("advisorChat");
  const { t: tPanel } = useTranslation("esgAdvisor");
  const { t: tErrors } = useTranslation("errors");
  const { pathname, search } = useLocation();
  const signedIn = initial.signedIn;
  // The welcome is on the page from the server's first answer (the panel shows it before this
  // code loads): it is there at once, and only what is new arrives after it.
  const [messages, setMessages] = useState<ShownMessage[]>(() =>
    initial.messages.length > 0
      ? initial.messages
      : WELCOME_LINES.map((line) => botLine(tPanel(`welcome.${line}`))),
  );
  const [access, setAccess] = useState(initial.signedIn);
  const [draft, setDraft] = useState("");
  const [inputError, setInputError] = useState("");
  const [offline, setOffline] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [promptShown, setPromptShown] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const announced = useRef<string | null>(initial.messages.at(-1)?.id ?? null);

  // Screen readers hear each bot message once it is whole, not word by word.
  useEffect(() => {
    const latest = messages.findLast((message) => message.sender === "bot" && !message.streaming);
    if (!latest || latest.id === announced.current) return;
    announced.current = latest.id;
    setAnnouncement(latest.text);
  }, [messages]);

  // Follow the conversation as it grows.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  const updateBot = useCallback((id: string, change: (message: ShownMessage) => ShownMessage) => {
    setMessages((shown) => shown.map((message) => (message.id === id ? change(message) : message)));
  }, []);

  const ask = useCallback(
    async (question: string, via: "typed" | "quick_reply" | "retry") => {
      setLoading(true);
      setFailed(false);
      setInputError("");
      setOffline(false);
      const history = messagesRef.current
        .filter((message) => !message.local)
        .slice(-ADVISOR_LIMITS.historyTurns)
        .map(({ sender, text }) => ({ sender, text }));
      const questionId = localId();
      if (via !== "retry") {
        setMessages((shown) => [
          ...shown,
          {
            id: questionId,
            sender: "user",
            text: question,
            timestamp: now(),
            kb: false,
            citations: [],
          },
        ]);
      }
      track("esg_message_sent", { location, source: via, length: question.length });
      const started = performance.now();
      let botId: string | null = null;
      let reached = false;
      try {
        // The one hand-written fetch of our API besides the analytics beacon: a fetcher hands over
        // an answer only once it is whole, and this one is read as it streams (decision 025).
        // eslint-disable-next-line no-restricted-globals
        const response = await fetch(ADVISOR_API, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
          body: JSON.stringify({ question, history }),
        });
        reached = true;
        if (response.status === 429) {
          const minutes = Math.max(1, Math.ceil(Number(response.headers.get("Retry-After")) / 60));
          setMessages((shown) => [...shown, botLine(t("chat.rateLimited", { count: minutes }))]);
          return;
        }
        if (!response.ok || !response.body) throw new Error(`advisor answered ${response.status}`);
        const read = frameReader();
        const decoder = new TextDecoder();
        const reader = response.body.getReader();
        let done: Extract<AdvisorFrame, { type: "done" }> | null = null;
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          for (const frame of read(decoder.decode(chunk.value, { stream: true }))) {
            if (frame.type === "start") {
              const id = frame.id;
              botId = id;
              setMessages((shown) => [
                ...shown,
                {
                  id,
                  sender: "bot",
                  text: "",
                  timestamp: now(),
                  kb: false,
                  citations: [],
                  streaming: true,
                },
              ]);
            } else if (botId && frame.type === "text") {
              const piece = frame.text;
              updateBot(botId, (message) => ({ ...message, text: message.text + piece }));
            } else if (botId && frame.type === "reset") {
              updateBot(botId, (message) => ({ ...message, text: "" }));
            } else if (botId && frame.type === "sources") {
              const sources = frame.sources;
              updateBot(botId, (message) => ({ ...message, citations: sources }));
            } else if (botId && frame.type === "done") {
              done = frame;
              const { kb, notes } = frame;
              updateBot(botId, (message) => ({ ...message, kb, notes, streaming: false }));
            } else if (frame.type === "error") {
              throw new Error("the advisor could not answer");
            }
          }
        }
        if (!done) throw new Error("the answer was cut off");
        track("esg_stream_complete", {
          location,
          kb: done.kb,
          notes: done.notes.join(","),
          ms: Math.round(performance.now() - started),
        });
        if (via === "quick_reply" && !signedIn && !promptShown) {
          setPromptShown(true);
          setTimeout(() => {
            setMessages((shown) => [...shown, botLine(t("signInPrompt"), { signInLink: true })]);
          }, SIGN_IN_PROMPT_DELAY_MS);
        }
      } catch (error) {
        // SPEC §8 "network": the server was never reached. A typed question goes back into the box
        // as it was typed (unless something new is being typed there), to send again once online.
        if (!reached && error instanceof TypeError) {
          setOffline(true);
          if (via === "typed" && !inputRef.current?.value) {
            setMessages((shown) => shown.filter((message) => message.id !== questionId));
            setDraft(question);
            return;
          }
        }
        // The question stays the last message, so Retry can ask it again.
        if (botId) {
          const failedId = botId;
          setMessages((shown) => shown.filter((message) => message.id !== failedId));
        }
        setFailed(true);
        if (reached || !(error instanceof TypeError)) setAnnouncement(t("chat.failed"));
      } finally {
        setLoading(false);
      }
    },
    [location, promptShown, signedIn, t, updateBot],
  );

  const send = () => {
    const question = draft.trim();
    if (!question || loading) return;
    if (question.length > ADVISOR_LIMITS.questionChars) {
      setInputError(t("chat.tooLong", { max: ADVISOR_LIMITS.questionChars }));
      return;
    }
    setDraft("");
    void ask(question, "typed");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const quickReply = (reply: QuickReply) => {
    if (loading) return;
    track("esg_quick_reply_click", { location, topic: reply });
    void ask(t(`chat.quickReplies.${reply}.question`), "quick_reply");
  };

  const startAccess = () => {
    setAccess(true);
    track("esg_demo_started", { location });
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const remover = useFetcher<{ deleted: number }>();
  const deleteHistory = async () => {
    await remover.submit({ intent: "delete" }, { method: "post", action: ADVISOR_API });
    setMessages([]);
    setFailed(false);
    setAnnouncement(t("chat.deleted"));
  };

  const last = messages.at(-1);
  const canRetry = failed && !loading && last?.sender === "user";
  const waiting = loading && !messages.some((message) => message.streaming && message.text);
  const signInHref = `${href("/login")}?redirectTo=${encodeURIComponent(pathname + search)}`;

  return (
    <div className="flex h-full flex-col">
      <div
        ref={logRef}
        className="flex-1 space-y-3 overflow-y-auto p-4"
        role="log"
        aria-live="off"
        aria-label={tPanel("panel.label")}
      >
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} signInHref={signInHref} />
        ))}
        {waiting && (
          <p
            className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300"
            role="status"
          >
            <span className="inline-flex gap-1" aria-hidden="true">
              <span className="size-2 animate-pulse rounded-full bg-brand-600" />
              <span className="size-2 animate-pulse rounded-full bg-brand-600 [animation-delay:150ms]" />
              <span className="size-2 animate-pulse rounded-full bg-brand-600 [animation-delay:300ms]" />
            </span>
            {t("chat.typing")}
          </p>
        )}
        {canRetry && (
          <div className="flex items-center gap-3 text-sm text-red-800 dark:text-red-300">
            <span role={offline ? "alert" : undefined}>
              {offline ? tErrors("network") : t("chat.failed")}
            </span>
            <Button
              variant="secondary"
              onClick={() => void ask(last.text, "retry")}
              className="px-3 py-1"
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t("chat.retry")}
            </Button>
          </div>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <div className="border-t border-slate-200 p-4 dark:border-slate-700">
        <div
          role="group"
          aria-label={t("chat.quickRepliesLabel")}
          className="mb-3 flex flex-wrap gap-2"
        >
          {QUICK_REPLIES.map((reply) => (
            <button
              key={reply}
              type="button"
              disabled={loading}
              onClick={() => quickReply(reply)}
              className="focus-ring rounded-full border border-brand-300 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 hover:bg-brand-100 disabled:opacity-60 dark:border-brand-700 dark:bg-slate-800 dark:text-brand-100"
            >
              {t(`chat.quickReplies.${reply}.label`)}
            </button>
          ))}
        </div>
        {!access && !signedIn && (
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <p className="w-full text-sm text-slate-700 dark:text-slate-300">
              {t("chat.accessHint")}
            </p>
            <Button onClick={startAccess}>{t("chat.accessFull")}</Button>
            <Button
              variant="secondary"
              onClick={() => {
                track("esg_advisor_cta_click", { location, cta: "waitlist" });
                openWaitlist({ source: "esg_advisor" });
              }}
            >
              {t("chat.joinWaitlist")}
            </Button>
          </div>
        )}
        {offline && !canRetry && (
          <p role="alert" className="mb-2 text-sm text-red-800 dark:text-red-300">
            {tErrors("network")}
          </p>
        )}
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <div className="flex-1">
            <label htmlFor={`advisor-input-${location}`} className="sr-only">
              {t("chat.inputLabel")}
            </label>
            <textarea
              id={`advisor-input-${location}`}
              ref={inputRef}
              rows={2}
              value={draft}
              disabled={!access}
              onChange={(event) => {
                setDraft(event.target.value);
                if (inputError) setInputError("");
              }}
              onKeyDown={onKeyDown}
              aria-invalid={inputError ? true : undefined}
              aria-describedby={`advisor-count-${location}${inputError ? ` advisor-error-${location}` : ""}`}
              placeholder={
                !access
                  ? t("placeholderLocked")
                  : signedIn
                    ? t("placeholderSignedIn")
                    : t("placeholderSignedOut")
              }
              className="focus-ring block w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:disabled:bg-slate-800"
            />
            <div className="mt-1 flex justify-between gap-2 text-xs">
              <span id={`advisor-error-${location}`} className="text-red-800 dark:text-red-300">
                {inputError}
              </span>
              <span
                id={`advisor-count-${location}`}
                className={
                  draft.length > ADVISOR_LIMITS.questionChars
                    ? "text-red-800 dark:text-red-300"
                    : "text-slate-600 dark:text-slate-400"
                }
              >
                {t("chat.characters", { count: draft.length, max: ADVISOR_LIMITS.questionChars })}
              </span>
            </div>
          </div>
          <Button type="submit" disabled={!access || loading} className="mb-5">
            <Send aria-hidden="true" className="size-4" />
            {t("send")}
          </Button>
        </form>
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
          <span>{t("chat.disclaimer")}</span>
          {signedIn && (
            <span className="flex items-center gap-2">
              {t("chat.historyNote")}
              <button
                type="button"
                onClick={() => void deleteHistory()}
                disabled={remover.state !== "idle"}
                className="focus-ring inline-flex items-center gap-1 rounded font-semibold underline"
              >
                <Trash2 aria-hidden="true" className="size-3" />
                {t("chat.deleteHistory")}
              </button>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

const NOTE_KEYS: Partial<
  Record<
    AdvisorNote,
    "chat.fallbackNote" | "chat.translatedNote" | "chat.cut" | "chat.unsupportedNote"
  >
> = {
  fallback: "chat.fallbackNote",
  translated: "chat.translatedNote",
  cut: "chat.cut",
  unsupported: "chat.unsupportedNote",
};

function MessageBubble({ message, signInHref }: { message: ShownMessage; signInHref: string }) {
  const { t } = useTranslation("advisorChat");
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const mine = message.sender === "user";

  const copyText = async () => {
    const sources = message.citations
      .map(
        (source) =>
          `[${source.n}] ${source.title}: ${source.citations.map((c) => c.url).join(" ")}`,
      )
      .join("\n");
    try {
      await navigator.clipboard.writeText(sources ? `${message.text}\n\n${sources}` : message.text);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
    setTimeout(() => setCopy("idle"), COPIED_MS);
  };

  return (
    <article
      className={`flex gap-2 ${mine ? "flex-row-reverse" : ""}`}
      aria-label={mine ? t("chat.you") : t("chat.advisor")}
    >
      <span
        aria-hidden="true"
        className={`mt-1 flex size-7 shrink-0 items-center justify-center rounded-full ${mine ? "bg-slate-200 dark:bg-slate-700" : "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100"}`}
      >
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm ${mine ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"}`}
      >
        <p className="break-words whitespace-pre-wrap">{message.text}</p>
        {message.signInLink && (
          <Link to={signInHref} className="focus-ring mt-1 inline-block font-semibold underline">
            {t("signIn")}
          </Link>
        )}
        {message.citations.length > 0 && (
          <div className="mt-2 border-t border-slate-300 pt-2 dark:border-slate-600">
            <p className="font-semibold">{t("chat.sources")}</p>
            <ol className="mt-1 space-y-1">
              {message.citations.map((source) => (
                <li key={source.id}>
                  <span className="font-medium">
                    [{source.n}] {source.title}
                  </span>
                  {source.citations.map((citation) => (
                    <a
                      key={citation.url + citation.section}
                      href={citation.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="focus-ring block underline"
                    >
                      {t("chat.sourceLink", { section: citation.section })}
                    </a>
                  ))}
                </li>
              ))}
            </ol>
          </div>
        )}
        {message.notes?.map((note) => {
          const key = NOTE_KEYS[note];
          return key ? (
            <p key={note} className="mt-2 text-xs italic">
              {t(key)}
            </p>
          ) : null;
        })}
        {!message.streaming && message.text && (
          <button
            type="button"
            onClick={() => void copyText()}
            aria-label={copy === "idle" ? t("chat.copyLabel") : undefined}
            className={`focus-ring mt-1 inline-flex items-center gap-1 rounded text-xs ${mine ? "text-white" : "text-slate-600 dark:text-slate-300"}`}
          >
            {copy === "copied" ? (
              <Check aria-hidden="true" className="size-3" />
            ) : (
              <Copy aria-hidden="true" className="size-3" />
            )}
            {copy === "copied"
              ? t("chat.copied")
              : copy === "failed"
                ? t("chat.copyFailed")
                : t("chat.copy")}
          </button>
        )}
      </div>
    </article>
  );
}
