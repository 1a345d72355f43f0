// KaTeX with its stylesheet and fonts, loaded on the first formula (Formula.tsx). It runs untrusted: no \href,
// \includegraphics or \html… commands (`trust: false`), sizes capped, macro expansion bounded; what it writes passes
// the sanitiser before it reaches the page.
import katex from "katex";
import "katex/dist/katex.min.css";
import { sanitizeFormula } from "./sanitize-rich";

/** KaTeX's options for memo text: nothing that reaches outside the formula. */
const KATEX_OPTIONS = {
  throwOnError: true,
  trust: false,
  strict: "ignore",
  // A \rule or \kern of at most this many ems, and at most this many macro expansions (no expansion bombs).
  maxSize: 30,
  maxExpand: 1000,
  output: "htmlAndMathml",
} as const satisfies katex.KatexOptions;

/** The formula drawn and sanitised, as nodes to append; throws KaTeX's error on TeX it cannot read. */
export function drawFormula(tex: string, display: boolean): DocumentFragment {
  return sanitizeFormula(katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display }));
}
