import { z } from "~/platform/lib/zod";
import privacy from "../../../content/legal/privacy.json";
import terms from "../../../content/legal/terms.json";
import type { Locale } from "~/platform/i18n";
import type { LegalDocument } from "./legal-document";

// The Privacy Policy and Terms of Service are content, validated when first read.
export const LegalDocumentSchema = z.strictObject({
  title: z.string().min(1),
  updated: z.iso.date(),
  intro: z.string().min(1),
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        heading: z.string().min(1),
        paragraphs: z.array(z.string().min(1)).min(1),
        list: z.array(z.string().min(1)).optional(),
      }),
    )
    .min(1),
});

export type LegalDocumentId = "privacy" | "terms";

// Translations sit beside the English, one folder per content language: content/legal/th/terms.json.
const translations = import.meta.glob<unknown>("../../../content/legal/*/*.json", {
  eager: true,
  import: "default",
});
const english: Record<LegalDocumentId, unknown> = { privacy, terms };
const parsed = new Map<string, LegalDocument>();

/** The language a locale reads documents in: "fr-CA", else its language ("th-TH-enterprise": "th"). */
function documentLanguage(locale: Locale): string {
  return locale === "fr-CA" ? "fr-CA" : locale.slice(0, 2);
}

/** The document in the reader's language where it is translated, else in English. */
export function getLegalDocument(id: LegalDocumentId, locale: Locale = "en-US"): LegalDocument {
  const wanted = documentLanguage(locale);
  const translated = translations[`../../../content/legal/${wanted}/${id}.json`];
  const language = translated === undefined ? "en" : wanted;
  const key = `${language}/${id}`;
  let document = parsed.get(key);
  if (!document) {
    const text = LegalDocumentSchema.parse(translated ?? english[id]);
    document = { ...text, language } satisfies LegalDocument;
    parsed.set(key, document);
  }
  return document;
}
