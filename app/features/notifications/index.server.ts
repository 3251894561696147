export {
  changeNotifications,
  countNeedingAction,
  listNotifications,
  loadNotificationsPage,
  notify,
  settleNotifications,
  type NewNotification,
} from "./notifications.server";
