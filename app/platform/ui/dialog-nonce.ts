import { setNonce } from "get-nonce";

// Radix dialogs keep scrolling locked with a <style> element; our CSP admits it by the page's
// nonce. Imported for this effect by every module that opens a dialog.
if (typeof document !== "undefined") {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) setNonce(nonce);
}
