import { listPublicKeys } from "~/platform/lib/signing.server";

// GET /.well-known/jwks.json: every public key that has signed certificates or evidence here,
// the current one first, so a signature made before a key rotation still verifies.
export async function loader() {
  return Response.json(
    { keys: await listPublicKeys() },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
