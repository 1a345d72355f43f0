// Memo markdown to safe HTML, for RSS readers. Everything passes through an allow-list sanitiser.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

const marked = new Marked({ gfm: true, breaks: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "del",
    "input",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    input: ["type", "checked", "disabled"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
};

export function markdownToSafeHtml(markdown: string, baseUrl: string): string {
  const html = marked.parse(markdown) as string;
  // Relative links (e.g. /o/r/1/x.png) are made absolute so feed readers can load them.
  const absolute = html.replace(/(src|href)="\/(?!\/)/g, `$1="${baseUrl}/`);
  return sanitizeHtml(absolute, SANITIZE);
}
