// The caps of a memo's text (and a comment's): its UTF-8 bytes and its distinct tags. One rule for the request
// schemas (`memoContent` of common/src/api/shared-schemas.ts) and for every write of such a text on the server,
// whoever composed it (server/src/services/memo-revise.ts: an MCP append, a tag rename, a bulk edit, an import).
import { MAX_MEMO_CONTENT_BYTES } from "./constants.js";
import { extractTags, MAX_MEMO_TAGS } from "./tags.js";

/** Why a text cannot be a memo's: the wire's reason, its words and the cap it passes. */
export interface MemoContentProblem {
  reason: "memo.content-too-long" | "memo.too-many-tags";
  /** "content is too long, maximum is 1048576 bytes" */
  message: string;
  maximum: number;
}

const TOO_LONG: MemoContentProblem = {
  reason: "memo.content-too-long",
  message: `content is too long, maximum is ${MAX_MEMO_CONTENT_BYTES} bytes`,
  maximum: MAX_MEMO_CONTENT_BYTES,
};
const TOO_MANY_TAGS: MemoContentProblem = {
  reason: "memo.too-many-tags",
  message: `content has too many tags, maximum is ${MAX_MEMO_TAGS}`,
  maximum: MAX_MEMO_TAGS,
};

/**
 * Whether `text` is at most MAX_MEMO_CONTENT_BYTES in UTF-8. A UTF-16 unit is 1 to 3 bytes (a surrogate pair 4 for
 * two), so most texts are decided by their length alone; the rest are encoded once.
 */
function fitsBytes(text: string): boolean {
  if (text.length > MAX_MEMO_CONTENT_BYTES) return false;
  if (text.length * 3 <= MAX_MEMO_CONTENT_BYTES) return true;
  return new TextEncoder().encode(text).length <= MAX_MEMO_CONTENT_BYTES;
}

/** Whether `text` has at most `limit` `#` characters: then it cannot hold more tags than that. */
function fewHashes(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf("#"); at !== -1; at = text.indexOf("#", at + 1)) if (++count > limit) return false;
  return true;
}

/**
 * What keeps `text` from being stored as a memo's (or a comment's) content, or null when it may be: more than
 * MAX_MEMO_CONTENT_BYTES UTF-8 bytes, or more than MAX_MEMO_TAGS distinct tags. The bytes are measured first, so an
 * over-long text is never scanned for tags; `tags` reads them once for a writer that also indexes them
 * (`extractTags(text, MAX_MEMO_TAGS)` by default, which stops one past the cap; skipped for a text with few `#`).
 * @example memoContentProblem("#a #b") // null
 */
export function memoContentProblem(text: string, tags?: () => readonly string[]): MemoContentProblem | null {
  if (!fitsBytes(text)) return TOO_LONG;
  if (!tags && fewHashes(text, MAX_MEMO_TAGS)) return null;
  return (tags ?? (() => extractTags(text, MAX_MEMO_TAGS)))().length > MAX_MEMO_TAGS ? TOO_MANY_TAGS : null;
}
