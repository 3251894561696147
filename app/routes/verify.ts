import { href, redirect } from "react-router";
import { normaliseVerificationCode } from "~/domain/certificates";
import type { Route } from "./+types/verify";

// GET /verify?code=…: the verification box's target, which works without JavaScript. A code is
// written in its one form first ("verify-upz 050860" is VERIFY-UPZ050860); a malformed one goes
// to the page as typed, which answers it as it answers an unknown one.
export function loader({ request }: Route.LoaderArgs) {
  const typed = (new URL(request.url).searchParams.get("code") ?? "").trim().slice(0, 64);
  const code = normaliseVerificationCode(typed) ?? typed;
  return redirect(
    code
      ? href("/verify/:code", { code: encodeURIComponent(code) })
      : href("/training/certificates"),
    303,
  );
}
