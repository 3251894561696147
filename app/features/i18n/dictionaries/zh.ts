import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/zh/*.json", { eager: true, import: "default" }),
);
