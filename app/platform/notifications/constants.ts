/** SPEC §3 notification types and priorities. */
export const NOTIFICATION_TYPES = ["compliance", "training", "system", "audit"] as const;
export const NOTIFICATION_PRIORITIES = ["low", "medium", "high"] as const;
/** What a notification can say; each has a title and a message under training:notifications.kinds. */
export const NOTIFICATION_KINDS = [
  "certificateIssued",
  "certificateNeedsName",
  "requirementDueSoon",
  "requirementOverdue",
  "recertificationOpen",
  "reportReady",
  "auditDatePassed",
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification as its reader sees it (texts are made in their language from kind and params). */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  params: Record<string, string>;
  type: NotificationType;
  priority: NotificationPriority;
  actionRequired: boolean;
  actionUrl: string | null;
  createdAt: string;
  read: boolean;
}
