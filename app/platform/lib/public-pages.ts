import { href } from "react-router";
import { brand } from "./brand";

/**
 * The pages that are the same for every anonymous visitor of a language: listed in the sitemap
 * and served from memory (ARCHITECTURE "Speed", docs/decisions/008).
 */
export const PUBLIC_PAGES = [
  brand.homePath,
  href("/partners"),
  href("/contact"),
  href("/demo"),
  href("/privacy"),
  href("/terms"),
  // Signed out and without a guest's progress, the course page is the same for everyone too.
  href("/courses/esg-ai-ethics"),
];
