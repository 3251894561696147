import { statusListCredential } from "~/domain/certificates/index.server";
import type { Route } from "./+types/credentials.status";

// GET /credentials/status/<n>: the signed Bitstring Status List of certificate revocations.
export async function loader({ params }: Route.LoaderArgs) {
  const list = Number(params.list);
  if (!/^[1-9][0-9]{0,5}$/.test(params.list) || !Number.isSafeInteger(list)) {
    return new Response("Not found", { status: 404 });
  }
  const credential = await statusListCredential(list);
  if (!credential) return new Response("Not found", { status: 404 });
  return Response.json(credential, {
    headers: { "Content-Type": "application/vc+ld+json", "Cache-Control": "public, max-age=60" },
  });
}
