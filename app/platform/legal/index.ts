export type { LegalDocument } from "./legal-document";
export { LegalPage } from "./legal-page";
