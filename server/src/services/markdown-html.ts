// Memo markdown to safe HTML, for RSS readers, with formulas, diagrams and callouts (markdown-rich.ts). Everything
// passes through an allow-list sanitiser.
import { Marked } from "marked";
import type SanitizeHtml from "sanitize-html";
import { onFirstUse } from "../on-first-use.js";
import { CALLOUT_STYLE, richMarkdown } from "./markdown-rich.js";

const marked = new Marked({ gfm: true, breaks: true, async: false }, richMarkdown);

/** The MathML that KaTeX writes (its `output: "mathml"`), and the attributes it sets on it. */
const MATHML_TAGS = (
  "math semantics annotation mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot " +
  "mover munder munderover mtable mtr mtd mstyle mpadded mphantom menclose mglyph mmultiscripts " +
  "mprescripts none"
).split(" ");
const MATHML_ATTRIBUTES = (
  "xmlns display mathvariant mathcolor mathbackground encoding stretchy fence separator lspace " +
  "rspace minsize maxsize symmetric largeop movablelimits accent accentunder columnalign rowalign " +
  "columnspacing rowspacing columnlines rowlines frame framespacing width height depth voffset " +
  "linethickness scriptlevel displaystyle notation mathsize"
).split(" ");
/** A callout's rule and title colour, and nothing else of CSS. */
const CALLOUT_COLOURS = Object.values(CALLOUT_STYLE).map(({ colour }) => colour);
const calloutColour = new RegExp(`^(${CALLOUT_COLOURS.join("|")})$`);

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
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "del", "input", ...MATHML_TAGS],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title"],
    input: ["type", "checked", "disabled"],
    code: ["class"],
    span: [{ name: "class", multiple: false, values: ["katex"] }],
    pre: [{ name: "class", multiple: false, values: ["mermaid"] }],
    blockquote: ["class", "style"],
    strong: ["style"],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, MATHML_ATTRIBUTES])),
  },
  allowedClasses: { blockquote: ["callout", ...Object.keys(CALLOUT_STYLE).map((kind) => `callout-${kind}`)] },
  allowedStyles: {
    blockquote: { "border-left": [new RegExp(`^4px solid (${CALLOUT_COLOURS.join("|")})$`)], "padding-left": [/^0\.75em$/] },
    strong: { color: [calloutColour] },
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
