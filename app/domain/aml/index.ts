export { AmlPreview, skipRevalidationForDrafts } from "./aml-preview";
