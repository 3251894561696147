/**
 * Returns `to` when it is a path on this site, else the fallback: never `//host`, a scheme or
 * a backslash trick that a browser would read as another origin.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  if ([...to].some((char) => char === "\\" || char.charCodeAt(0) < 0x20)) return fallback;
  return to;
}
