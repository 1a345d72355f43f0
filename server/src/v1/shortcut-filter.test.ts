// Our shortcut payloads said as CEL, and a CEL filter saved through v1 kept as given.
import { describe, expect, it } from "vitest";
import { shortcutFilterOf, shortcutPayloadOf } from "./shortcut-filter.js";

const payload = (...filters: Array<[string, string, string, string?]>) =>
  JSON.stringify(filters.map(([type, operator, value, relation]) => ({ type, value: { operator, value }, relation: relation ?? "AND" })));

describe("shortcutFilterOf", () => {
  it("says each of our filters as the memos web app writes it, folded as v0 folds them", () => {
    expect(shortcutFilterOf(payload(["TAG", "CONTAIN", "work"], ["TEXT", "NOT_CONTAIN", 'say "hi"']))).toBe(
      '(tag in ["work"]) && !(content.contains("say \\"hi\\""))',
    );
    expect(shortcutFilterOf(payload(["VISIBILITY", "IS", "PUBLIC"], ["TYPE", "IS", "NOT_TAGGED", "OR"]))).toBe(
      '(visibility == "PUBLIC") || size(tags) == 0',
    );
    expect(shortcutFilterOf(payload(["TEXT", "CONTAIN", "^a+b"], ["TYPE", "IS_NOT", "LINKED"]))).toBe(
      '(content.matches("a+b")) && !(has_link)',
    );
    expect(shortcutFilterOf(payload(["DISPLAY_TIME", "AFTER", "2026-01-02T03:04:05Z"]))).toBe(
      'created_ts > timestamp("2026-01-02T03:04:05.000Z")',
    );
    // An OR first passes everything (v0's quirk), as do empty values: no filter at all.
    expect(shortcutFilterOf(payload(["TAG", "CONTAIN", "a", "OR"], ["TAG", "CONTAIN", "b", "OR"]))).toBe("");
    expect(shortcutFilterOf(payload(["TAG", "CONTAIN", ""]))).toBe("");
    expect(shortcutFilterOf("not json")).toBe("");
  });

  it("keeps a v1 filter as given, and stores none as no filters", () => {
    const cel = 'tags.exists(t, t.startsWith("x")) && pinned';
    expect(shortcutFilterOf(shortcutPayloadOf(cel))).toBe(cel);
    expect(shortcutPayloadOf("  ")).toBe("[]");
  });
});
