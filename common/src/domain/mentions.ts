// `@username` in a memo: who it names, read outside code and links as tags are (a mail address is no mention).
import { blankCode } from "./tags.js";

// After a start, a space or punctuation that is not part of a word, an address or a path; up to 32 letters,
// digits, `_`, `.` or `-` (a trailing dot or dash ends the sentence, not the name).
const MENTION = /(?<![\p{L}\p{N}_@/.-])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]{0,30}[\p{L}\p{N}_])?)/gu;
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
