import type { Generated } from "kysely";

// Timestamps are ISO 8601 UTC strings on both engines: they sort and compare the same way in
// SQLite and PostgreSQL (docs/decisions/002-one-schema-two-engines.md).

export interface AnalyticsEventTable {
  id: Generated<number>;
  name: string;
  /** JSON object of the event's properties. */
  properties: string;
  path: string;
  locale: string | null;
  session_id: string | null;
  anonymous_id: string | null;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  window_start: string;
  count: number;
}

export interface WaitlistEntryTable {
  id: Generated<number>;
  email: string;
  name: string;
  company: string;
  role: string;
  /** 1 when the privacy policy and terms were accepted. */
  consent: number;
  product: string;
  locale: string | null;
  region: string | null;
  client_timestamp: string | null;
  /** How many times this email has joined; a repeat updates the row. */
  submissions: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  inquiry_type: string;
  message: string;
  locale: string | null;
  created_at: string;
}

export interface DemoRequestTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string;
  job_title: string | null;
  company_size: string | null;
  use_case: string | null;
  preferred_time: string | null;
  details: string | null;
  locale: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  /** queued (no SMTP configured), sent, or failed. */
  status: "queued" | "sent" | "failed";
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface Database {
  analytics_event: AnalyticsEventTable;
  rate_limit: RateLimitTable;
  waitlist_entry: WaitlistEntryTable;
  contact_message: ContactMessageTable;
  demo_request: DemoRequestTable;
  outbox: OutboxTable;
}
