import { href, redirect } from "react-router";
import { finishSsoSignIn } from "~/domain/sso/index.server";
import { DEFAULT_AFTER_SIGN_IN } from "~/platform/auth";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import { adoptGuestWork } from "~/workflows/adopt-guest.server";
import type { Route } from "./+types/sso.callback";

// Where an organisation's provider sends people back (decision 048): a session and the page they
// were going to, or the sign-in page saying it did not work.
export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await finishSsoSignIn(request);
  if (!outcome.ok) {
    throw redirect(`${href("/login")}?sso=failed`, { headers: outcome.headers });
  }
  const cleared = await adoptGuestWork(request, { id: outcome.userId, email: outcome.email });
  if (cleared) outcome.headers.append("Set-Cookie", cleared);
  throw redirect(safeRedirect(outcome.redirectTo, DEFAULT_AFTER_SIGN_IN), {
    headers: outcome.headers,
  });
}
