import type { Refused } from "~/platform/lib/reply";
import type { ReportFormat, ReportKind, ReportStatusShown, ReportType } from "./constants";

// The shapes the reports server hands to the page, in a module the browser may load.

/** A report as its list shows it; texts are made in the reader's language from these values. */
export interface ReportView {
  id: string;
  kind: ReportKind;
  type: ReportType;
  format: ReportFormat;
  status: ReportStatusShown;
  /** Names the title: the organisation for its reports, the learner for a training record. */
  subject: string;
  dueDate: string | null;
  generatedBy: string;
  /** SPEC §6 author label, when the requester manages the organisation. */
  author: "admin" | "manager" | null;
  lastModified: string;
  size: number | null;
  downloadUrl: string | null;
  /** Whether the viewer may ask for it again (a failed build, theirs or their organisation's). */
  canRetry: boolean;
}

/** The generate form's answer: done, or refused with the form's choices kept (docs/decisions/036). */
export type ReportReply =
  | { ok: true; intent: "generate" | "retry" }
  | Refused<{ count?: number; kind?: string; format?: string }>;

export type ReportsPanel =
  | { signedIn: false }
  | {
      signedIn: true;
      reports: ReportView[];
      /** The kinds the viewer may ask for, each with its formats. */
      kinds: { kind: ReportKind; formats: readonly ReportFormat[] }[];
      pending: number;
      maxPending: number;
    };
