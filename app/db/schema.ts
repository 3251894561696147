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

export interface Database {
  analytics_event: AnalyticsEventTable;
  rate_limit: RateLimitTable;
}
