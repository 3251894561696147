import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/th/*.json", { eager: true, import: "default" }),
);
