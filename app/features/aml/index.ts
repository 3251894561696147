export { AmlPreview } from "./aml-preview";
