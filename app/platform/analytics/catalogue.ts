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
  "compliance_viewed",
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

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  properties: AnalyticsProperties;
  /** The page's path, starting with "/". */
  path: string;
  locale?: string;
}

export interface AnalyticsBatch {
  anonymousId?: string;
  events: AnalyticsEvent[];
}
