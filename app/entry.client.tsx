import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  DEFAULT_PACK_REGION,
  isRegion,
  loadDictionaries,
  loadRegionPack,
  normalizeLocale,
} from "./platform/i18n";
import { captureEarlyChoices } from "./platform/ui/early-choices";

// A request the router abandoned (a newer submission or navigation replaced it) can leave a stream
// reader's promise rejected with nobody waiting on it, when the abort lands between the response's
// first line and its end. That is the router's own bookkeeping, not a failure of the page: it is
// not reported as one. Any other unhandled rejection still is.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

// The server rendered the page in the visitor's language and region; fetch the same dictionaries and
// region pack (their own chunks) before hydrating, so the first client render matches it.
const { locale, region } = document.documentElement.dataset;
await Promise.allSettled([
  loadDictionaries(normalizeLocale(locale)),
  loadRegionPack(isRegion(region) ? region : DEFAULT_PACK_REGION),
]);

captureEarlyChoices();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
