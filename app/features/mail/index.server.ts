export {
  OUTBOX_COLUMNS,
  listAllOutbox,
  listOutbox,
  sendMail,
  type Mail,
  type OutboxRow,
} from "./mail.server";
