/** A Privacy Policy or Terms of Service document from `content/legal/`. */
export interface LegalDocument {
  title: string;
  /** ISO date of the last change. */
  updated: string;
  intro: string;
  sections: { id: string; heading: string; paragraphs: string[]; list?: string[] }[];
}
