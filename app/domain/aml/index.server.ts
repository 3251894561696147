export { AML_LIMITS, amlAction, loadAmlPreview, moveAmlWork } from "./preview.server";
export { getPacks } from "./packs.server";
