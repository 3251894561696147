export { getLegalDocument, type LegalDocumentId } from "./legal.server";
