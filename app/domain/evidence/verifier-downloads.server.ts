import { listPublicKeys } from "~/platform/lib/signing.server";
import { verifierHtml, verifierScript } from "./standalone.server";

// The stand-alone verifiers offered on /evidence/verify, with the public keys of the day built
// in. They carry no file registry: an audit package brings its own (issued-files.json).

export const VERIFIER_FILES = ["verify.html", "verify-evidence.mjs"] as const;

export async function standaloneVerifier(
  file: string | undefined,
  appUrl: string,
): Promise<{ body: string; type: string } | null> {
  if (!VERIFIER_FILES.some((name) => name === file)) return null;
  const data = {
    keys: await listPublicKeys(),
    registries: [],
    issuer: { name: "Kestrel", url: appUrl },
    generatedAt: new Date().toISOString(),
  };
  return file === "verify.html"
    ? { body: verifierHtml(data), type: "text/html; charset=utf-8" }
    : { body: verifierScript(data), type: "text/javascript; charset=utf-8" };
}
