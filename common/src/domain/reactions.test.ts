import { describe, expect, it } from "vitest";
import { isEmoji, QUICK_REACTIONS } from "./reactions.js";

describe("isEmoji", () => {
  it.each([...QUICK_REACTIONS, "👍🏽", "👩‍💻", "👨‍👩‍👧‍👦", "🇫🇷", "1️⃣", "🏳️‍🌈", "☕"])("takes %s", (emoji) => {
    expect(isEmoji(emoji)).toBe(true);
  });
  it.each(["", "a", "👍👍", "👍 ", " 👍", "ok👍", "<script>", "\u200D", "#", "👍".repeat(20)])("refuses %j", (text) => {
    expect(isEmoji(text)).toBe(false);
  });
});
