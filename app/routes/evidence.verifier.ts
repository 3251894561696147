import { data } from "react-router";
import { standaloneVerifier } from "~/domain/evidence/index.server";
import { getEnv } from "~/platform/lib/env.server";
import type { Route } from "./+types/evidence.verifier";

// GET /evidence/verifier/verify.html and /evidence/verifier/verify-evidence.mjs: the verifiers
// that stand alone (docs/decisions/039), with today's public keys inside, to keep and run offline.
export async function loader({ params }: Route.LoaderArgs) {
  const verifier = await standaloneVerifier(params.file, getEnv().APP_URL);
  if (!verifier) throw data({ notFound: "verifier" }, { status: 404 });
  return new Response(verifier.body, {
    headers: {
      "Content-Type": verifier.type,
      "Content-Disposition": `attachment; filename="${params.file}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
