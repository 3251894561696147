import { z } from "~/platform/lib/zod";
import privacy from "../../../content/legal/privacy.json";
import terms from "../../../content/legal/terms.json";
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

const sources: Record<LegalDocumentId, unknown> = { privacy, terms };
const parsed = new Map<LegalDocumentId, LegalDocument>();

export function getLegalDocument(id: LegalDocumentId): LegalDocument {
  let document = parsed.get(id);
  if (!document) {
    document = LegalDocumentSchema.parse(sources[id]) satisfies LegalDocument;
    parsed.set(id, document);
  }
  return document;
}
