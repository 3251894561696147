export {
  COMPANY_SIZES,
  CONTACT_LIMITS,
  ContactMessageSchema,
  DemoRequestSchema,
  INQUIRY_TYPES,
  PREFERRED_TIMES,
  USE_CASES,
  type ContactMessage,
  type DemoRequest,
} from "./schema";
