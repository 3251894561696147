export {
  changeNotifications,
  countNeedingAction,
  listNotifications,
  loadNotificationsPage,
  notify,
  removeAllNotifications,
  notifyMany,
  settleNotifications,
  type NewNotification,
} from "./notifications.server";
