import { describe, expect, it } from "vitest";
import { applyEdit, autoPair, continueList, deletePair, indent, insertCodeBlock, insertLink, type TextState, toggleWrap } from "./textOps";

/** A state from text with `|` marking the caret, or `[` `]` marking a selection. */
function state(marked: string): TextState {
  if (marked.includes("|")) {
    const start = marked.indexOf("|");
    return { value: marked.replace("|", ""), start, end: start };
  }
  const start = marked.indexOf("⟦");
  const value = marked.replace("⟦", "");
  const end = value.indexOf("⟧");
  return { value: value.replace("⟧", ""), start, end };
}

function show({ value, start, end }: TextState): string {
  if (start === end) return `${value.slice(0, start)}|${value.slice(start)}`;
  return `${value.slice(0, start)}⟦${value.slice(start, end)}⟧${value.slice(end)}`;
}

const run = (marked: string, op: (s: TextState) => ReturnType<typeof continueList>) => {
  const s = state(marked);
  const edit = op(s);
  return edit ? show(applyEdit(s, edit)) : null;
};

describe("continueList", () => {
  it("continues bullets, todos and numbers", () => {
    expect(run("- a|", continueList)).toBe("- a\n- |");
    expect(run("  * a|", continueList)).toBe("  * a\n  * |");
    expect(run("- [x] done|", continueList)).toBe("- [x] done\n- [ ] |");
    expect(run("- [X] done|", continueList)).toBe("- [X] done\n- [ ] |");
    expect(run("9. nine|", continueList)).toBe("9. nine\n10. |");
  });

  it("splits an item at the caret", () => {
    expect(run("- ab|cd", continueList)).toBe("- ab\n- |cd");
  });

  it("clears an empty item", () => {
    // A blank line parts the list from what is typed next, which would otherwise join the last item.
    expect(run("- a\n- |", continueList)).toBe("- a\n\n|");
    expect(run("- a\n- [ ] |", continueList)).toBe("- a\n\n|");
    expect(run("1. a\n2. |", continueList)).toBe("1. a\n\n|");
    expect(run("- a\n- |\nmore", continueList)).toBe("- a\n\n|\nmore");
    // An empty item alone, or already after a blank line, needs none.
    expect(run("- |", continueList)).toBe("|");
    expect(run("text\n\n- |", continueList)).toBe("text\n\n|");
  });

  it("leaves plain lines to the browser", () => {
    expect(run("hello|", continueList)).toBeNull();
    expect(run("-|", continueList)).toBeNull();
    expect(run("|- a", continueList)).toBeNull();
  });
});

describe("indent", () => {
  it("inserts two spaces in plain text", () => {
    expect(run("ab|c", (s) => indent(s, false))).toBe("ab  |c");
  });

  it("indents a list line at its start and keeps the caret", () => {
    expect(run("- a|", (s) => indent(s, false))).toBe("  - a|");
  });

  it("indents and outdents every selected line", () => {
    expect(run("⟦a\nb⟧", (s) => indent(s, false))).toBe("  ⟦a\n  b⟧");
    expect(run("  ⟦a\n b⟧\nc", (s) => indent(s, true))).toBe("⟦a\nb⟧\nc");
  });

  it("outdents by at most two spaces", () => {
    expect(run("     - a|", (s) => indent(s, true))).toBe("   - a|");
    expect(run("x|", (s) => indent(s, true))).toBe("x|");
  });
});

describe("autoPair and deletePair", () => {
  it("pairs brackets and quotes", () => {
    expect(run("a |", (s) => autoPair(s, "("))).toBe("a (|)");
    expect(run("|", (s) => autoPair(s, '"'))).toBe('"|"');
    expect(run("|", (s) => autoPair(s, "【"))).toBe("【|】");
  });

  it("wraps a selection", () => {
    expect(run("⟦word⟧", (s) => autoPair(s, "["))).toBe("[⟦word⟧]");
  });

  it("steps over a closer that is already there", () => {
    expect(run("(a|)", (s) => autoPair(s, ")"))).toBe("(a)|");
  });

  it("does not pair an apostrophe in a word or before a word", () => {
    expect(run("don|", (s) => autoPair(s, "'"))).toBeNull();
    expect(run("|word", (s) => autoPair(s, "("))).toBeNull();
  });

  it("deletes an empty pair with Backspace", () => {
    expect(run("a(|)", deletePair)).toBe("a|");
    expect(run("a(x|)", deletePair)).toBeNull();
  });
});

describe("toggleWrap and insertLink", () => {
  it("wraps and unwraps", () => {
    expect(run("⟦bold⟧", (s) => toggleWrap(s, "**"))).toBe("**⟦bold⟧**");
    expect(run("**⟦bold⟧**", (s) => toggleWrap(s, "**"))).toBe("⟦bold⟧");
    expect(run("a|", (s) => toggleWrap(s, "`"))).toBe("a`|`");
  });

  it("inserts a link with the url selected", () => {
    expect(run("⟦memos⟧", insertLink)).toBe("[memos](⟦url⟧)");
  });
});

describe("insertCodeBlock", () => {
  it("opens a fenced block on its own line with the caret inside", () => {
    expect(run("text|", (s) => insertCodeBlock(s))).toBe("text\n```\n|\n```");
    expect(run("⟦a = 1⟧", (s) => insertCodeBlock(s))).toBe("```\n⟦a = 1⟧\n```");
  });
});
