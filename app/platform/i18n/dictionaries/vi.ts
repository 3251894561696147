// Keyed by file path; i18n.ts names the namespaces.
export default import.meta.glob("../../../../locales/vi/*.json", {
  eager: true,
  import: "default",
});
