import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/** `?reveal=<user>` asks the server for the page with that address shown. */
export const REVEAL_PARAM = "reveal";

/**
 * SPEC §4 "Email reveal": the address is shown on click, so it is not in the HTML for harvesters.
 * The control is a link to the same page with the address shown, so it works before the scripts
 * have run (public pages hydrate late by design); once they have, the click reveals it in place.
 * Crawlers are asked not to follow it (rel=nofollow, robots.txt).
 */
export function RevealEmail({
  user,
  domain,
  label,
  subject,
  body,
  className = "",
}: {
  user: string;
  domain: string;
  label: string;
  subject?: string;
  /** Prefilled in the mail client with the subject (SPEC §4: the demo form's data). */
  body?: string;
  className?: string;
}) {
  const [searchParams] = useSearchParams();
  const [shown, setShown] = useState(() => searchParams.get(REVEAL_PARAM) === user);
  const [clicked, setClicked] = useState(false);
  const revealed = useRef<HTMLAnchorElement>(null);
  // The same on the server and in the browser, so the page comes back to the link that was used.
  const id = useId();

  // The link the keyboard was on is gone: focus moves to the address that replaced it.
  useEffect(() => {
    if (clicked) revealed.current?.focus();
  }, [clicked]);

  if (!shown) {
    return (
      <a
        id={id}
        href={`?${REVEAL_PARAM}=${encodeURIComponent(user)}#${encodeURIComponent(id)}`}
        rel="nofollow"
        onClick={(event) => {
          event.preventDefault();
          setShown(true);
          setClicked(true);
        }}
        className={`focus-ring rounded underline ${className}`}
      >
        {label}
      </a>
    );
  }
  const address = `${user}@${domain}`;
  const query = new URLSearchParams();
  if (subject) query.set("subject", subject);
  if (body) query.set("body", body);
  // Mail clients read %20 for a space, not the "+" of a form encoding.
  const search = query.toString().replaceAll("+", "%20");
  const href = `mailto:${address}${search ? `?${search}` : ""}`;
  return (
    <a
      id={id}
      ref={revealed}
      href={href}
      className={`focus-ring rounded font-medium underline ${className}`}
    >
      {address}
    </a>
  );
}
