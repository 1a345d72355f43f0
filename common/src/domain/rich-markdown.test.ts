import { describe, expect, it } from "vitest";
import { calloutKind, mathBlockAt, mathInlineAt, mathInlineStart } from "./rich-markdown.js";

describe("calloutKind", () => {
  it.each([
    ["[!NOTE]\ntext", "note"],
    ["[!tip]", "tip"],
    ["[!Important]  \nx", "important"],
    ["[!WARNING]\n", "warning"],
    ["[!CAUTION]\n- a list", "caution"],
  ])("reads %j as %s", (text, kind) => {
    expect(calloutKind(text)).toBe(kind);
  });

  it.each(["[!NOTE] a title on the line", "[!DANGER]\nx", "text\n[!NOTE]", " [!NOTE]", "[NOTE]", ""])("keeps %j a plain quote", (text) => {
    expect(calloutKind(text)).toBeNull();
  });
});

describe("mathBlockAt", () => {
  it("reads $$ on lines of their own", () => {
    expect(mathBlockAt("$$\nE = mc^2\n$$\nafter")).toEqual({ raw: "$$\nE = mc^2\n$$\n", tex: "E = mc^2", display: true });
  });

  it("reads a one-line display formula", () => {
    expect(mathBlockAt("$$\\int_0^1 x\\,dx$$")).toEqual({ raw: "$$\\int_0^1 x\\,dx$$", tex: "\\int_0^1 x\\,dx", display: true });
  });

  it("leaves text after the closing $$ to the paragraph", () => {
    expect(mathBlockAt("$$x$$ and more")).toBeNull();
    expect(mathBlockAt("$$ $$")).toBeNull();
    expect(mathBlockAt("$$\nnever closed")).toBeNull();
  });
});

describe("mathInlineAt", () => {
  it("reads $…$ and $$…$$", () => {
    expect(mathInlineAt("$x^2$ rest")).toEqual({ raw: "$x^2$", tex: "x^2", display: false });
    expect(mathInlineAt("$$\\sum_i i$$ rest")).toEqual({ raw: "$$\\sum_i i$$", tex: "\\sum_i i", display: true });
    expect(mathInlineAt("$a \\$ b$")).toEqual({ raw: "$a \\$ b$", tex: "a \\$ b", display: false });
  });

  it.each(["$5 and $10", "$ x$", "$x $", "$x$5", "$", "$$", "$$$", "no dollar"])("keeps %j text", (text) => {
    expect(mathInlineAt(text)).toBeNull();
  });

  it("may start at a $", () => {
    expect(mathInlineStart("costs $5, $x$")).toBe(6);
    expect(mathInlineStart("$x$")).toBe(0);
    expect(mathInlineStart("none")).toBeUndefined();
  });
});
