import { href, redirect } from "react-router";
import type { Route } from "./+types/verify";

// GET /verify?code=…: the verification box's target, which works without JavaScript. The code is
// checked on the page it leads to, so a malformed one gets the same answer as an unknown one.
export function loader({ request }: Route.LoaderArgs) {
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 64);
  return redirect(
    code
      ? href("/verify/:code", { code: encodeURIComponent(code) })
      : href("/training/certificates"),
    303,
  );
}
