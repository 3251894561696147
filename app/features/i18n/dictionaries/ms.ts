import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/ms/*.json", { eager: true, import: "default" }),
);
