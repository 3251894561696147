import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/ta/*.json", { eager: true, import: "default" }),
);
