import { brand } from "./brand";

/**
 * The pages that are the same for every anonymous visitor of a language: listed in the sitemap
 * and served from memory (ARCHITECTURE "Speed", docs/decisions/008).
 */
export const PUBLIC_PAGES = [
  brand.homePath,
  "/partners",
  "/contact",
  "/demo",
  "/privacy",
  "/terms",
  // Signed out and without a guest's progress, the course page is the same for everyone too.
  "/courses/esg-ai-ethics",
];
