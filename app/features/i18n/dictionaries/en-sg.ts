import { dictionaryFromFiles } from "../namespaces";

export default dictionaryFromFiles(
  import.meta.glob("../../../../locales/en-SG/*.json", { eager: true, import: "default" }),
);
