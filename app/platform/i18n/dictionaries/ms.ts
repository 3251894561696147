// Keyed by file path; i18n.ts names the namespaces.
export default import.meta.glob("../../../../locales/ms/*.json", {
  eager: true,
  import: "default",
});
