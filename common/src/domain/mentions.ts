// `@username` in a memo: who it names, read outside code and links as tags are (a mail address is no mention).
import { blankCode } from "./tags.js";

// Up to 36 letters, digits, `_`, `.` or `-` after the `@` (a trailing dot or dash ends the sentence, not the name):
// today's usernames (USERNAME_RULE, up to 36) and v0.10's (up to 32 bytes, dots and underscores too).
export const MENTION_NAME_SOURCE = "@([\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_.-]{0,34}[\\p{L}\\p{N}_])?)";
/** What may not come right before the `@`: a word, an address, a path, or a tag's `#` (`#@x` is a tag); `_@x_` is an emphasised mention. */
export const MENTION_BLOCKED_BEFORE = /[\p{L}\p{N}@/.#-]/u;
const MENTION = new RegExp(`(?<!${MENTION_BLOCKED_BEFORE.source})${MENTION_NAME_SOURCE}`, "gu");
const LINKS = /!?\[[^[\]\n]*\]\((?:[^()\n]|\([^()\n]*\))+\)+|https?:\/\/[^\s]+/g;

/** The most distinct users one memo may notify: more are read as text. */
export const MAX_MENTIONS = 50;

/**
 * The usernames a memo mentions, each once, in order of first mention.
 * @example extractMentions("thanks @alice and @bob.") // ["alice", "bob"]
 */
export function extractMentions(content: string): string[] {
  const text = blankCode(content).replace(LINKS, (match) => " ".repeat(match.length));
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    if (found.size >= MAX_MENTIONS) break;
    found.add(match[1]!);
  }
  return [...found];
}
