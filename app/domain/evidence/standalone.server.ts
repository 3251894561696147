import { type VerifierData, assembleVerifier } from "./standalone/assemble";
import verifierCore from "./standalone/verifier-core.js?raw";
import scriptTemplate from "./standalone/verify-evidence.mjs?raw";
import htmlTemplate from "./standalone/verify.html?raw";

// The verifiers that stand alone (docs/decisions/039): one HTML page and one Node script sharing
// one verification core, with the keys and file registries of the day built in, so an examiner
// checks evidence years later without Kestrel or a network.

export type { VerifierData } from "./standalone/assemble";

/** verify.html: open it in any current browser, from disk, offline. */
export function verifierHtml(data: VerifierData): string {
  return assembleVerifier(htmlTemplate, verifierCore, data);
}

/** verify-evidence.mjs: `node verify-evidence.mjs FILE...` with Node 20 or later, nothing else. */
export function verifierScript(data: VerifierData): string {
  return assembleVerifier(scriptTemplate, verifierCore, data);
}
