import { redirect } from "react-router";
import { getOptionalUser, signOut } from "~/platform/auth/index.server";
import { brand } from "~/platform/lib/brand";
import type { Route } from "./+types/logout";

// Sign Out posts here: the session ends on the server and its cookie is cleared.
export async function action({ request }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  const headers = await signOut(request, user?.id);
  return redirect(brand.homePath, { headers });
}

// A GET (a typed URL, a prefetch) signs nobody out.
export function loader() {
  return redirect(brand.homePath);
}
