import type { PostProcessorModule, TOptions } from "i18next";

// SPEC §4 "Region" and §9: missing translation keys are recorded for a development-only badge.
export const MISSING_KEYS_PROCESSOR = "kestrelMissingKeys";
export const MISSING_KEYS_POLL_MS = 2000;

const missing = new Set<string>();

export function getMissingKeys(): string[] {
  return [...missing].sort();
}

export function clearMissingKeys(): void {
  missing.clear();
}

/** The parts of i18next's translator this processor reads. */
interface Translator {
  language: string;
  options: { fallbackLng?: unknown };
  extractFromKey(key: string, options: TOptions): { key: string; namespaces: string[] };
  resourceStore: { getResource(lng: string, ns: string, key: string): unknown };
}

function languageOf(dictionary: string): string {
  return dictionary.slice(0, 2);
}

/**
 * Records a key the current language's own dictionaries lack, even when the chain found it in
 * another language (e.g. a French key answered in English). Stateless, because i18next keeps
 * post-processors in one registry shared by every instance.
 */
export const missingKeysPostProcessor: PostProcessorModule = {
  type: "postProcessor",
  name: MISSING_KEYS_PROCESSOR,
  process(value, keys, options, translator: Translator) {
    const requested = Array.isArray(keys) ? keys[0] : keys;
    if (!requested) return value;
    const { key, namespaces } = translator.extractFromKey(requested, options);
    const namespace = namespaces[0] ?? "common";
    const fallbacks = Array.isArray(translator.options.fallbackLng)
      ? (translator.options.fallbackLng as string[])
      : [];
    const own = [translator.language, ...fallbacks].filter(
      (id) => languageOf(id) === languageOf(translator.language),
    );
    // A plural is stored by its forms (`modules_one`, `modules_other`), never under its own key.
    const candidates = typeof options.count === "number" ? [key, `${key}_other`] : [key];
    const found = own.some((id) =>
      candidates.some(
        (candidate) => translator.resourceStore.getResource(id, namespace, candidate) !== undefined,
      ),
    );
    if (!found) missing.add(`${translator.language} ${namespace}:${key}`);
    return value;
  },
};
