export {
  CONTACT_MESSAGE_COLUMNS,
  DEMO_REQUEST_COLUMNS,
  countContactMessages,
  countDemoRequests,
  listAllContactMessages,
  listAllDemoRequests,
  listContactMessages,
  listDemoRequests,
  recordContactMessage,
  recordDemoRequest,
  type ContactMessageRow,
  type DemoRequestRow,
} from "./contact.server";
export { submitLeadForm } from "./submit.server";
