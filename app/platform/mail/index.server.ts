export {
  OUTBOX_COLUMNS,
  listAllOutbox,
  listOutbox,
  sendMail,
  sendMails,
  type Mail,
  type OutboxRow,
} from "./mail.server";
