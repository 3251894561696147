import { z } from "zod";
import { brand } from "./brand";

// SPEC §7: the analytics event catalogue. The server refuses names not listed here.
export const ANALYTICS_EVENTS = [
  // i18n and region packs
  "i18n_boot",
  "i18n_changed",
  "pack_loaded",
  "region_switch",
  // waitlist
  "waitlist_open",
  "waitlist_submit_attempt",
  "waitlist_submit_success",
  "waitlist_submit_error",
  "waitlist_success_demo_click",
  "waitlist_success_explore_click",
  "waitlist_trigger",
  // guided flow
  "guided_step_completed",
  "guided_hint_opened",
  "guided_submission",
  "evidence_exported",
  "guided_scenario_start",
  // demo and contact
  "demo_request_click",
  "contact_form_submit",
  "demo_request_submit",
  // ESG chat
  "esg_demo_started",
  "esg_quick_reply_click",
  "esg_message_sent",
  "esg_stream_complete",
  "esg_advisor_cta_click",
  // training
  "data_refreshed",
  "factory_reset",
  "training_home_viewed",
  "track_start",
  "track_detail_viewed",
  "module_start",
  "module_viewed",
  "module_completed",
  "lease_fraud_demo_viewed",
  "lease_fraud_demo_clicked",
  "scenario_selected",
  "scenario_started",
  "scenario_completed",
  "certificates_viewed",
  "certificate_downloaded",
  "certificate_verification_attempted",
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS_LIMITS = {
  eventsPerBatch: 50,
  propertiesPerEvent: 20,
  propertyKeyLength: 64,
  propertyValueLength: 500,
  pathLength: 2048,
  bodyBytes: 64 * 1024,
} as const;

const propertyValue = z.union([
  z.string().max(ANALYTICS_LIMITS.propertyValueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const AnalyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: "unknown event name" }),
  properties: z
    .record(z.string().min(1).max(ANALYTICS_LIMITS.propertyKeyLength), propertyValue)
    .refine((p) => Object.keys(p).length <= ANALYTICS_LIMITS.propertiesPerEvent, {
      error: `at most ${ANALYTICS_LIMITS.propertiesPerEvent} properties`,
    })
    .default({}),
  path: z.string().startsWith("/").max(ANALYTICS_LIMITS.pathLength),
  locale: z.string().min(2).max(35).optional(),
});

export const AnalyticsBatchSchema = z.object({
  anonymousId: z.uuid().optional(),
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_LIMITS.eventsPerBatch),
});

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

const ENDPOINT = "/api/events";
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

/**
 * Records a product event: dispatches the browser `analytics` CustomEvent (SPEC §7) and queues the
 * event for the server, which stores and counts it.
 */
export function track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  if (typeof window === "undefined") return;
  const locale = document.documentElement.lang || undefined;
  window.dispatchEvent(
    new CustomEvent("analytics", {
      detail: {
        event: name,
        ...properties,
        locale,
        tenantId: brand.tenantId,
        timestamp: new Date().toISOString(),
      },
    }),
  );
  queue.push({ name, properties, path: window.location.pathname, locale });
  listenForPageHide();
  if (queue.length >= ANALYTICS_LIMITS.eventsPerBatch) flushAnalytics();
  else timer ??= setTimeout(() => flushAnalytics(), FLUSH_DELAY_MS);
}
