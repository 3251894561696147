/** A Privacy Policy or Terms of Service document from `content/legal/`. */
export interface LegalDocument {
  /** The language it is written in, for the page's `lang` ("en", "fr-CA", "th"…). */
  language: string;
  title: string;
  /** ISO date of the last change. */
  updated: string;
  intro: string;
  sections: { id: string; heading: string; paragraphs: string[]; list?: string[] }[];
}
