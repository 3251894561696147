import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/en-CA/*.json", { eager: true, import: "default" }),
);
