// The memo text's richer parts in the server's HTML (feeds, markdown-html.ts), by the rules the web app reads
// (common's rich-markdown): formulas drawn by KaTeX as MathML, which readers show without a stylesheet (feed
// readers drop stylesheets and classes, and KaTeX's HTML needs its CSS), a Mermaid diagram kept as its source in
// `<pre class="mermaid">` (drawing it needs a browser), and callouts as quotes with a coloured rule and a title.
import { type CalloutKind, calloutBody, calloutKind, DIAGRAM_LANGUAGE, mathBlockAt, mathInlineAt, mathInlineStart } from "@memos/common";
import type KatexModule from "katex";
import type { KatexOptions } from "katex";
import type { MarkedExtension, Tokens } from "marked";
import { onFirstUse } from "../on-first-use.js";

/** KaTeX is loaded on the first formula, not at start. */
const katex = onFirstUse<typeof KatexModule>("katex");

/** KaTeX's options for memo text, as the web app's (web/src/markdown/katex.ts): nothing reaches outside the formula. */
const KATEX_OPTIONS = {
  throwOnError: true,
  trust: false,
  strict: "ignore",
  maxSize: 30,
  maxExpand: 1000,
  output: "mathml",
} as const satisfies KatexOptions;

/** The callouts' titles and colours (the web app's light theme, web/src/markdown/markdown.css). */
export const CALLOUT_STYLE: Record<CalloutKind, { title: string; colour: string }> = {
  note: { title: "Note", colour: "#2563eb" },
  tip: { title: "Tip", colour: "#15803d" },
  important: { title: "Important", colour: "#7c3aed" },
  warning: { title: "Warning", colour: "#b45309" },
  caution: { title: "Caution", colour: "#dc2626" },
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface MathToken {
  type: "math";
  raw: string;
  tex: string;
  display: boolean;
}

const asMath = (match: Omit<MathToken, "type"> | null): MathToken | undefined => (match ? { type: "math", ...match } : undefined);

/** A formula as MathML, or its source and KaTeX's message when the TeX cannot be read. */
function renderMath(token: Tokens.Generic): string {
  const { tex, display } = token as MathToken;
  try {
    return katex().renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
  } catch (error) {
    const source = escapeHtml(display ? `$$${tex}$$` : `$${tex}$`);
    const message = escapeHtml(error instanceof Error ? error.message : String(error));
    return `<code>${source}</code> <em>(${message})</em>`;
  }
}

/** marked's extension for formulas, diagrams and callouts. */
export const richMarkdown: MarkedExtension = {
  extensions: [
    {
      name: "math",
      level: "block",
      start: (src: string) => src.match(/^ {0,3}\$\$/m)?.index,
      tokenizer: (src: string) => asMath(mathBlockAt(src)),
      renderer: renderMath,
    },
    {
      name: "math",
      level: "inline",
      start: mathInlineStart,
      tokenizer: (src: string) => asMath(mathInlineAt(src)),
      renderer: renderMath,
    },
  ],
  renderer: {
    code(token) {
      const language = (token.lang ?? "").trim().split(/\s/)[0] ?? "";
      if (language.toLowerCase() !== DIAGRAM_LANGUAGE) return false;
      return `<pre class="mermaid"><code>${escapeHtml(token.text)}</code></pre>\n`;
    },
    blockquote(token) {
      const kind = calloutKind(token.text);
      if (!kind) return false;
      const { title, colour } = CALLOUT_STYLE[kind];
      const body = this.parser.parse(calloutBody(token.tokens));
      return (
        `<blockquote class="callout callout-${kind}" style="border-left:4px solid ${colour};padding-left:0.75em">` +
        `<p><strong style="color:${colour}">${title}</strong></p>\n${body}</blockquote>\n`
      );
    },
  },
};
