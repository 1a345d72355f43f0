// The rules of the memo text's richer parts, read alike by the web app's renderer and the server's HTML export:
// math (`$…$` inline, `$$…$$` display, Pandoc's rules so prices stay text) and GitHub's callouts (`> [!NOTE]`).
// Diagrams need no rule of their own: they are fenced code blocks whose language is `mermaid`.

/** GitHub's five callout kinds, in its order. */
export const CALLOUT_KINDS = ["note", "tip", "important", "warning", "caution"] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** A quote's first line that makes it a callout: the marker alone on it, in any letter case. */
const CALLOUT_MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

/**
 * The callout kind a quote's text (its `>` markers removed) opens with, or null for a plain quote.
 * @example calloutKind("[!TIP]\nUse the shortcut.") // "tip"
 */
export function calloutKind(quoteText: string): CalloutKind | null {
  const match = CALLOUT_MARKER.exec(quoteText);
  return match ? (match[1]!.toLowerCase() as CalloutKind) : null;
}

/** A block as marked's lexer gives it, as far as calloutBody reads it. */
interface Block {
  type: string;
  tokens?: Array<{ type: string }>;
}

/**
 * A callout's blocks without its marker line: the first line of its first paragraph, which ends at the paragraph's
 * first line break (memo text keeps single newlines as breaks); the paragraph goes when the marker was all of it.
 */
export function calloutBody<T extends Block>(blocks: T[]): T[] {
  const [first, ...rest] = blocks;
  if (first?.type !== "paragraph" || !first.tokens) return rest;
  const lineBreak = first.tokens.findIndex((token) => token.type === "br");
  return lineBreak < 0 ? rest : [{ ...first, tokens: first.tokens.slice(lineBreak + 1) }, ...rest];
}

/** The language of a fenced block that holds a Mermaid diagram. */
export const DIAGRAM_LANGUAGE = "mermaid";

export interface MathMatch {
  /** The characters the formula takes in the text, delimiters included. */
  raw: string;
  /** The TeX between the delimiters. */
  tex: string;
  display: boolean;
}

/** `$$` on a line of its own (up to three spaces before), the TeX, and `$$` ending a line; or all on one line. */
const MATH_BLOCK = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n|$)/;

/**
 * A display formula at the start of a block, or null.
 * @example mathBlockAt("$$\nE = mc^2\n$$\n") // { raw: "$$\nE = mc^2\n$$\n", tex: "E = mc^2", display: true }
 */
export function mathBlockAt(src: string): MathMatch | null {
  const match = MATH_BLOCK.exec(src);
  if (!match) return null;
  const tex = match[1]!.trim();
  return tex ? { raw: match[0], tex, display: true } : null;
}

/** `$$…$$` inside a line of text. */
const DISPLAY_INLINE = /^\$\$(?!\$)([\s\S]+?)\$\$/;
/**
 * `$…$` as Pandoc reads it: no space after the opening `$`, none before the closing one, and no digit right after
 * it, so "$5 and $10" stays text. A `\$` inside is a dollar sign of the formula.
 */
const MATH_INLINE = /^\$(?![\s$])((?:\\.|[^\\$])+?)(?<!\s)\$(?!\d)/;

/**
 * A formula at the start of `src` (inline text), or null.
 * @example mathInlineAt("$x^2$ is…") // { raw: "$x^2$", tex: "x^2", display: false }
 */
export function mathInlineAt(src: string): MathMatch | null {
  const display = DISPLAY_INLINE.exec(src);
  if (display?.[1]?.trim()) return { raw: display[0], tex: display[1].trim(), display: true };
  const inline = MATH_INLINE.exec(src);
  return inline ? { raw: inline[0], tex: inline[1]!, display: false } : null;
}

/**
 * Every formula of a text wherever it sits (display and inline, not after a backslash), as one global pattern made of
 * the two above: tag reading skips what it matches, as the renderer draws no tag chip inside a formula.
 */
export const MATH_SPAN = new RegExp(`(?<!\\\\)(?:${DISPLAY_INLINE.source.slice(1)}|${MATH_INLINE.source.slice(1)})`, "g");

/** Where in inline text a formula may start: its first `$` (marked reads an escaped `\$` as an escape first). */
export function mathInlineStart(src: string): number | undefined {
  const index = src.indexOf("$");
  return index < 0 ? undefined : index;
}
