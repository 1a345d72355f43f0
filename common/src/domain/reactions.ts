// Emoji reactions on memos: which text is one emoji, and the quick set the web offers first.

/** The reactions offered with one click; any other single emoji may be typed. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "🤔", "👀"] as const;

/** The longest emoji accepted, in UTF-16 units (a family or a flag with modifiers stays far below). */
export const MAX_EMOJI_LENGTH = 32;

// One pictograph (or a regional-indicator flag, or a keycap), with variation selectors, skin tones and zero-width
// joins to further pictographs: one emoji as people type it, and no text.
const EMOJI =
  /^(?:\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*)$/u;

/** True when `text` is exactly one emoji. */
export function isEmoji(text: string): boolean {
  return text.length > 0 && text.length <= MAX_EMOJI_LENGTH && EMOJI.test(text);
}
