import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Markdown people write (skills drafts, policies) shown as HTML. Whatever the markdown
// holds (a user's pasted HTML, a model's output, a `javascript:` link), the HTML keeps only
// formatting: no scripts, no event handlers, no styles, links to http(s) and mailto only.

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "code",
    "pre",
    "a",
    "br",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }),
  },
};

/** Markdown to HTML that is safe to put in a page or a file as it is. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, SANITIZE);
}

/** Text as it may stand inside markdown without turning into markup of its own. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~]/g, (char) => `\\${char}`);
}
