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

// The server rendered the page in the visitor's language and region; fetch the same dictionaries and
// region pack (their own chunks) before hydrating, so the first client render matches it.
const { locale, region } = document.documentElement.dataset;
await Promise.allSettled([
  loadDictionaries(normalizeLocale(locale)),
  loadRegionPack(isRegion(region) ? region : DEFAULT_PACK_REGION),
]);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
