import { redirect } from "react-router";
import { brand } from "~/platform/lib/brand";

// SPEC §2: "/" redirects (replace) to the landing page.
export function loader() {
  return redirect(brand.homePath, 301);
}
