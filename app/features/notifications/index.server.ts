export {
  changeNotifications,
  countNeedingAction,
  listNotifications,
  loadNotificationsPage,
  notify,
  notifyMany,
  settleNotifications,
  type NewNotification,
} from "./notifications.server";
