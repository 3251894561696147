import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/fr-CA/*.json", { eager: true, import: "default" }),
);
