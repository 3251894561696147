// Keyed by file path; i18n.ts names the namespaces.
export default import.meta.glob("../../../../locales/ta/*.json", {
  eager: true,
  import: "default",
});
