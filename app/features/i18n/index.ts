export { createI18n, defaultNamespace, resources, type Namespace } from "./i18n";
