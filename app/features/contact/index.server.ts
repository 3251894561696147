export { recordContactMessage, recordDemoRequest } from "./contact.server";
