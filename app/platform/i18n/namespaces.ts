// SPEC §3: sections translated into all six languages, and the English-only dictionaries.
// The footer is part of the shell on every page, so it is translated too (docs/decisions/007).
export const TRANSLATED_NAMESPACES = [
  "hero",
  "header",
  "common",
  "compliance",
  "audit",
  "navigation",
  "training",
  "errors",
  "validation",
  "monetization",
  "consumerScamModule",
  "footer",
  "dashboard",
  "reminders",
  "requirements",
  "roster",
  "policies",
  "reports",
  "esgCourse",
  "esgAdvisor",
  // The advisor's chat, which comes with the chat's code (addEnglishNamespaces).
  "advisorChat",
  "skills",
  // The marketing site's forms and pages, beyond SPEC §3's list (issue "languages pass").
  "contact",
  "demo",
  "forms",
  "partners",
  "courses",
  "aml",
  // The public evidence verifier (/evidence/verify).
  "evidence",
] as const;

/**
 * The sections that stay English in every language, each with its reason; every other section is
 * translated whole (dictionaries.test.ts). Course content (scenarios, cases, decks, narrations) and
 * the region packs' guidance are content, not sections: they stay English and are marked `lang="en"`.
 */
export const ENGLISH_ONLY_REASONS = {
  admin:
    "The administration area is used by the team that runs Kestrel, which works in English (docs/decisions/011).",
} as const;

export const ENGLISH_ONLY_NAMESPACES = Object.keys(
  ENGLISH_ONLY_REASONS,
) as readonly (keyof typeof ENGLISH_ONLY_REASONS)[];

export const LANGUAGES = ["en", "ms", "zh", "ta", "vi", "th"] as const;
export type Language = (typeof LANGUAGES)[number];

/** A dictionary's namespaces, as read from `locales/<id>/<namespace>.json`. */
export type Dictionary = Record<string, Record<string, unknown>>;

/** `import.meta.glob` results keyed by file path → namespaces keyed by file name. */
export function dictionaryFromFiles(files: Record<string, unknown>): Dictionary {
  return Object.fromEntries(
    Object.entries(files).map(([file, content]) => [
      file.slice(file.lastIndexOf("/") + 1, -".json".length),
      content as Record<string, unknown>,
    ]),
  );
}
