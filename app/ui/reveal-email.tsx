import { useState } from "react";

/**
 * SPEC §4 "Email reveal": the address is shown on click, so it is not in the HTML for harvesters.
 * The address is assembled only in the browser.
 */
export function RevealEmail({
  user,
  domain,
  label,
  subject,
  className = "",
}: {
  user: string;
  domain: string;
  label: string;
  subject?: string;
  className?: string;
}) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <button
        type="button"
        onClick={() => setShown(true)}
        className={`focus-ring rounded underline ${className}`}
      >
        {label}
      </button>
    );
  }
  const address = `${user}@${domain}`;
  const href = `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <a href={href} className={`focus-ring rounded font-medium underline ${className}`}>
      {address}
    </a>
  );
}
