export {
  changeNotifications,
  countNeedingAction,
  listNotifications,
  loadNotificationsPage,
  notify,
  removeAllNotifications,
  settleNotifications,
  type NewNotification,
} from "./notifications.server";
