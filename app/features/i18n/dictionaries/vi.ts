import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/vi/*.json", { eager: true, import: "default" }),
);
