// Cached public pages paint from the HTML alone: the stylesheet is inlined, and the scripts that
// make the page interactive start loading once the first frame is on screen, so on a slow mobile
// link the text does not wait behind ~130 KB of JavaScript. Every link and form on these pages works
// without JavaScript, so nothing the visitor can do waits for it either.
// docs/decisions/009-first-paint-before-hydration.md says why.

const STYLESHEET =
  /<link nonce="[^"]*" rel="stylesheet" href="(\/assets\/[\w.-]+\.css)" data-precedence="([\w-]+)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"[^>]*\/>/g;
const BOOT_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;

export const BOOT_ID = "kestrel-boot";
export const BOOT_TYPE = "text/x-kestrel-boot";

/**
 * Runs after the first frame (or at once in a hidden tab, which paints nothing): preloads the
 * modules, turns the kept stylesheet on (so later pages reuse it from the cache), then runs React
 * Router's boot module. The same text on every page, so its CSP hash is one constant.
 */
export const BOOT_LOADER = `(function () {
  function boot() {
    var source = document.getElementById("${BOOT_ID}");
    if (!source) return;
    source.dataset.preloads.split(" ").forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    });
    document.querySelectorAll("link[data-inlined]").forEach(function (sheet) {
      sheet.media = "all";
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = source.nonce;
    script.textContent = source.textContent;
    document.head.append(script);
  }
  if (document.visibilityState === "hidden") boot();
  else requestAnimationFrame(function () { setTimeout(boot, 0); });
})();`;

/**
 * Replaces each stylesheet link with its content in a style element. The link stays, for print
 * only, so React finds the stylesheet it rendered when it hydrates instead of adding another.
 */
export function inlineStylesheets(
  html: string,
  readAsset: (href: string) => string,
  nonce: string,
): string {
  return html.replace(STYLESHEET, (_tag, href: string, precedence: string) => {
    const css = readAsset(href).replaceAll("</style", "<\\/style");
    return (
      `<style nonce="${nonce}">${css}</style>` +
      `<link rel="stylesheet" href="${href}" data-precedence="${precedence}" media="print" data-inlined=""/>`
    );
  });
}

/** Holds React Router's boot module back until after the first paint (see BOOT_LOADER). */
export function deferHydration(html: string): string {
  if (!BOOT_SCRIPT.test(html)) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(
      BOOT_SCRIPT,
      (_tag, nonce = "") =>
        `<script${nonce} type="${BOOT_TYPE}" id="${BOOT_ID}" data-preloads="${preloads.join(" ")}">`,
    )
    .replace("</body>", `<script>${BOOT_LOADER}</script></body>`);
}
