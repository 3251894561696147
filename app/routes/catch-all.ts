import { href, redirect } from "react-router";

// SPEC §2: any other path redirects to /404 (temporary: the path may exist tomorrow).
export function loader() {
  return redirect(href("/404"), 302);
}

export const action = loader;
