import { href, redirect } from "react-router";

// SPEC §2: /esg is a short alias of the ESG and AI ethics course.
export function loader() {
  return redirect(href("/courses/esg-ai-ethics"), 301);
}
