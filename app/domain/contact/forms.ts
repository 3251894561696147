// The contact and demo request forms, for the pages that show them; their schemas bring zod.
export { ContactDetails } from "./contact-details";
export { ContactForm, ContactSent } from "./contact-form";
export { DemoRequestForm, DemoRequestSent } from "./demo-request-form";
