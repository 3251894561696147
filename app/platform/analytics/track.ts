import { href } from "react-router";
import {
  ANALYTICS_LIMITS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsProperties,
} from "./catalogue";
import { brand } from "~/platform/lib/brand";

const ENDPOINT = href("/api/events");
const FLUSH_DELAY_MS = 2000;
const ANON_KEY = "kestrel:anonymous-id";

let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

function anonymousId(): string | undefined {
  try {
    let id = localStorage.getItem(ANON_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(ANON_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage blocked: events still count, unlinked
  }
}

function takeBatch(): string | undefined {
  if (queue.length === 0) return undefined;
  const events = queue.slice(0, ANALYTICS_LIMITS.eventsPerBatch);
  queue = queue.slice(events.length);
  return JSON.stringify({ anonymousId: anonymousId(), events } satisfies AnalyticsBatch);
}

/** Sends what is queued; on page hide it uses sendBeacon so the batch survives the unload. */
export function flushAnalytics(mode: "fetch" | "beacon" = "fetch"): void {
  clearTimeout(timer);
  timer = undefined;
  for (let body = takeBatch(); body; body = takeBatch()) {
    const blob = new Blob([body], { type: "application/json" });
    if (mode === "beacon" && navigator.sendBeacon?.(ENDPOINT, blob)) continue;
    void fetch(ENDPOINT, {
      method: "POST",
      body: blob,
      keepalive: true,
      headers: { "Content-Type": "application/json" },
    }).catch(() => undefined); // analytics never disturbs the user
  }
}

function listenForPageHide() {
  if (listening) return;
  listening = true;
  const onHide = () => flushAnalytics("beacon");
  window.addEventListener("pagehide", onHide);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") onHide();
  });
}

/** The page's locale key and tenant, as the server rendered them on `<html>`. */
function pageContext(): { locale?: string; tenantId: string } {
  const root = document.documentElement;
  return {
    locale: root.dataset.locale || root.lang || undefined,
    tenantId: root.dataset.tenant || brand.tenantId,
  };
}

/**
 * Dispatches the browser `analytics` CustomEvent of SPEC §7 (detail: event, properties, locale,
 * tenantId, timestamp) without sending anything to the server.
 */
export function dispatchAnalyticsEvent(
  name: AnalyticsEventName,
  properties: AnalyticsProperties = {},
): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(
    new CustomEvent("analytics", {
      detail: { event: name, ...pageContext(), ...properties, timestamp: new Date().toISOString() },
    }),
  );
}

/**
 * Records a product event: dispatches the browser `analytics` CustomEvent (SPEC §7) and queues the
 * event for the server, which stores and counts it.
 */
export function track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  if (typeof window === "undefined") return;
  dispatchAnalyticsEvent(name, properties);
  queue.push({ name, properties, path: window.location.pathname, locale: pageContext().locale });
  listenForPageHide();
  if (queue.length >= ANALYTICS_LIMITS.eventsPerBatch) flushAnalytics();
  else timer ??= setTimeout(() => flushAnalytics(), FLUSH_DELAY_MS);
}
