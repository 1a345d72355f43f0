// What the bulk tag dialog's field holds: tag names separated by spaces or commas, each with or without its `#`.
import { isValidTagName, MAX_MEMO_TAGS } from "@memos/common";

export interface TagInput {
  /** The names, without `#`, each once, in the order written. */
  tags: string[];
  /** The first word that is not a tag name (`#` alone, `a#b`), if any. */
  invalid: string | null;
}

/** @example parseTagInput("#work, ideas #work") // { tags: ["work", "ideas"], invalid: null } */
export function parseTagInput(text: string): TagInput {
  const tags: string[] = [];
  for (const word of text.split(/[\s,]+/)) {
    if (word === "") continue;
    const name = word.startsWith("#") ? word.slice(1) : word;
    if (!isValidTagName(name)) return { tags, invalid: word };
    if (!tags.includes(name)) tags.push(name);
  }
  return { tags: tags.slice(0, MAX_MEMO_TAGS), invalid: null };
}
