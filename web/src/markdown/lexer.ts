// The markdown lexer: marked's maintained GFM lexer plus inline extensions for `#tag` (the wire's tag regex) and
// `@username` (common's mention rule, so what links is what notifies), and math, block and inline (common's
// rich-markdown rules, which the server's HTML export reads too).
import { MENTION_BLOCKED_BEFORE, MENTION_NAME_SOURCE, mathBlockAt, mathInlineAt, mathInlineStart, TAG_PATTERN_SOURCE } from "@memos/common";
import { Marked, Tokenizer, type Tokens, type TokenizerExtension, type TokensList } from "marked";

/** The wire's tag pattern (common's TAG_PATTERN_SOURCE), anchored for the inline tokenizer. */
const TAG_AT_START = new RegExp(`^${TAG_PATTERN_SOURCE}`);

export interface TagToken {
  type: "tag";
  raw: string;
  name: string;
}

const tagExtension: TokenizerExtension = {
  name: "tag",
  level: "inline",
  start(src) {
    // `&#35;` is a character reference, not a tag: skip a `#` right after `&`.
    const match = /(?:^|[^&])#/.exec(src);
    if (!match) return undefined;
    return match.index + match[0].length - 1;
  },
  tokenizer(src) {
    const match = TAG_AT_START.exec(src);
    if (!match) return undefined;
    return { type: "tag", raw: match[0], name: match[1]! } satisfies TagToken;
  },
};

export interface MentionToken {
  type: "mention";
  raw: string;
  username: string;
}

const MENTION_AT_START = new RegExp(`^${MENTION_NAME_SOURCE}`, "u");
const MENTION_ANYWHERE = new RegExp(`(?<!${MENTION_BLOCKED_BEFORE.source})${MENTION_NAME_SOURCE}`, "u");

const mentionExtension: TokenizerExtension = {
  name: "mention",
  level: "inline",
  start(src) {
    return MENTION_ANYWHERE.exec(src)?.index;
  },
  tokenizer(src, tokens) {
    const match = MENTION_AT_START.exec(src);
    if (!match) return undefined;
    // The tokenizer sees the text from the `@` on: the character before it ends the token before.
    const before = [...(tokens.at(-1)?.raw ?? "")].at(-1);
    if (before && MENTION_BLOCKED_BEFORE.test(before)) return undefined;
    return { type: "mention", raw: match[0], username: match[1]! } satisfies MentionToken;
  },
};

/** A formula: `$…$` inline, `$$…$$` inline or as a block of its own. */
export interface MathToken {
  type: "math";
  raw: string;
  tex: string;
  display: boolean;
}

const mathToken = (match: Omit<MathToken, "type"> | null): MathToken | undefined => (match ? { type: "math", ...match } : undefined);

const mathBlockExtension: TokenizerExtension = {
  name: "math",
  level: "block",
  start: (src) => src.match(/^ {0,3}\$\$/m)?.index,
  tokenizer: (src) => mathToken(mathBlockAt(src)),
};

const mathInlineExtension: TokenizerExtension = {
  name: "math",
  level: "inline",
  start: mathInlineStart,
  tokenizer: (src) => mathToken(mathInlineAt(src)),
};

/**
 * Setext headings are off: v0 memos use `---` under a line as a rule (and a fold point), never as an h2
 * underline. What marked would make a setext heading becomes a paragraph, and a `---` underline is left for
 * the rule tokenizer.
 */
function lheadingAsParagraph(this: Tokenizer, src: string): Tokens.Paragraph | undefined {
  const original = new Tokenizer(this.options);
  original.rules = this.rules;
  original.lexer = this.lexer;
  const heading = original.lheading(src);
  if (!heading) return undefined;
  const lines = heading.raw.replace(/\n+$/, "").split("\n");
  const underline = lines.pop() ?? "";
  const keepsRule = underline.trim().startsWith("-");
  const textLines = keepsRule ? lines : [...lines, underline];
  const text = textLines.join("\n");
  const raw = keepsRule ? `${text}\n` : heading.raw;
  return { type: "paragraph", raw, text, tokens: this.lexer.inline(text) };
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  extensions: [mathBlockExtension, mathInlineExtension, tagExtension, mentionExtension],
  // marked types lheading as returning a heading; a paragraph token is what we want it to produce here.
  tokenizer: { lheading: lheadingAsParagraph as unknown as Tokenizer["lheading"] },
});

/** Splits memo content into block tokens. Never throws: on a lexer failure the content becomes one paragraph of text. */
export function lex(content: string): TokensList {
  try {
    return marked.lexer(content);
  } catch {
    const fallback = [{ type: "paragraph", raw: content, text: content, tokens: [{ type: "text", raw: content, text: content }] }];
    return Object.assign(fallback, { links: {} }) as unknown as TokensList;
  }
}
