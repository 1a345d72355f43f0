// The markup KaTeX and Mermaid write, made safe before it reaches the page: DOMPurify's allow-lists (no script,
// no event handlers, no javascript: URLs, no foreign objects), as a fragment the caller appends, never HTML set on
// an element. KaTeX runs with `trust: false` and Mermaid in strict mode already; this holds should either miss.
import DOMPurify from "dompurify";

/** KaTeX's HTML and MathML (its inline styles are lengths and colours it computed; \color takes a name or a hex). */
export function sanitizeFormula(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true, svg: true },
    // The TeX as written, for screen readers and copying (plain text: `annotation-xml`, which may hold HTML, stays out).
    ADD_TAGS: ["semantics", "annotation"],
    ADD_ATTR: ["encoding"],
    FORBID_TAGS: ["style", "a", "img", "foreignObject", "form", "input", "button"],
    FORBID_ATTR: ["href", "xlink:href", "src", "action", "id"],
    RETURN_DOM_FRAGMENT: true,
  });
}

/** Mermaid's SVG element, for a standalone image: no script, links, foreign objects or outside references. */
export function sanitizeDiagram(svg: string): SVGSVGElement | null {
  const body = DOMPurify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ["style"],
    FORBID_TAGS: ["a", "foreignObject", "image", "use", "script"],
    FORBID_ATTR: ["href", "xlink:href"],
    RETURN_DOM: true,
  });
  return body.querySelector("svg");
}
