// Fills a stand-alone verifier's template (verify.html or verify-evidence.mjs): the verification
// core at its marker line, and the data the server embeds (keys, file registries) at the other.
// Pure string work, so the server and the tests assemble the same file.

export const CORE_MARKER = "/*@@KESTREL_CORE@@*/";
/** Followed by `null` in a template, so the bare template runs, with no data. */
export const DATA_MARKER = "/*@@KESTREL_DATA@@*/";

/** A public key as the JWKS lists it (`PublicJwk` of signing.server.ts fits). */
export interface VerifierJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

/** What the server builds into a verifier: the keys it trusts and the registries it checks by. */
export interface VerifierData {
  keys: readonly VerifierJwk[];
  /** Signed `file-issued` evidence kits; the verifier uses only those that verify. */
  registries: readonly { format: string; evidenceId: string; hash: string }[];
  issuer: { name: string; url: string };
  /** ISO 8601. */
  generatedAt: string;
}

/**
 * JSON that is safe inside a `<script>` element and as JavaScript: `<` is escaped so no `</script>`
 * or `<!--` can appear, and the line separators that older JavaScript refused in strings too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/** Where `marker` is in `text`, which must hold it exactly once. */
function markerAt(text: string, marker: string): number {
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`The verifier template has no ${marker} marker`);
  if (text.indexOf(marker, at + marker.length) !== -1) {
    throw new Error(`The verifier template has more than one ${marker} marker`);
  }
  return at;
}

/** The template with the core and the data in place of their markers. */
export function assembleVerifier(template: string, core: string, data: VerifierData): string {
  // The core is our own code, pasted as is: it must not be able to end the script element either.
  if (/<\/script|<!--/i.test(core)) {
    throw new Error("The verifier core contains </script or <!--, which would break the HTML");
  }
  // Spliced, not String.replace: a `$&` in the core or the data would be read as a pattern.
  const coreAt = markerAt(template, CORE_MARKER);
  const withCore = template.slice(0, coreAt) + core + template.slice(coreAt + CORE_MARKER.length);
  // Prettier writes the data marker's `null` after a space; the marker takes it with or without.
  const dataAt = markerAt(withCore, DATA_MARKER);
  const placeholder = /^\s*null/.exec(withCore.slice(dataAt + DATA_MARKER.length));
  if (!placeholder)
    throw new Error(`The verifier template's ${DATA_MARKER} is not followed by null`);
  const end = dataAt + DATA_MARKER.length + placeholder[0].length;
  return withCore.slice(0, dataAt) + scriptSafeJson(data) + withCore.slice(end);
}
