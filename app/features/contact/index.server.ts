export { recordContactMessage, recordDemoRequest } from "./contact.server";
export { submitLeadForm } from "./submit.server";
