// Memo markdown to safe HTML, for RSS readers. Everything passes through an allow-list sanitiser.
import { Marked } from "marked";
import type SanitizeHtml from "sanitize-html";
import { onFirstUse } from "../on-first-use.js";

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** sanitize-html (with its HTML and CSS parsers, about 6 MB) is loaded on the first feed, not at start. */
const sanitizeHtmlPackage = onFirstUse<typeof SanitizeHtml>("sanitize-html");
let sanitizer: { sanitize: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | null = null;

function loadSanitizer() {
  if (sanitizer) return sanitizer;
  const sanitizeHtml = sanitizeHtmlPackage();
  sanitizer = { sanitize: sanitizeHtml, options: optionsOf(sanitizeHtml) };
  return sanitizer;
}

const optionsOf = (sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "del", "input"],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    input: ["type", "checked", "disabled"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
});

export function markdownToSafeHtml(markdown: string, baseUrl: string): string {
  const html = marked.parse(markdown) as string;
  // Relative links (e.g. /o/r/1/x.png) are made absolute so feed readers can load them.
  const absolute = html.replace(/(src|href)="\/(?!\/)/g, `$1="${baseUrl}/`);
  const { sanitize, options } = loadSanitizer();
  return sanitize(absolute, options);
}
