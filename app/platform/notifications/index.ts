export { NOTIFICATION_KINDS, type NotificationKind, type NotificationView } from "./constants";
export { NotificationBell } from "./notification-bell";
export { NotificationList } from "./notification-list";
