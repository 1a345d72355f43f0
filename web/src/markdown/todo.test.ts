import { describe, expect, it } from "vitest";
import { foldedPart } from "./fold";
import { countTodos, setTodo } from "./todo";

describe("setTodo", () => {
  const content = "- [ ] one\n  - [x] two\n```\n- [ ] in code\n```\n* [ ] three\n1. [X] four\n> - [ ] quoted";

  it("counts todos outside fenced code", () => {
    expect(countTodos(content)).toBe(5);
  });

  it("checks and unchecks the N-th todo", () => {
    expect(setTodo(content, 0, true)).toContain("- [x] one");
    expect(setTodo(content, 1, false)).toContain("  - [ ] two");
    expect(setTodo(content, 2, true)).toContain("* [x] three");
    expect(setTodo(content, 2, true)).toContain("- [ ] in code");
    expect(setTodo(content, 3, false)).toContain("1. [ ] four");
    expect(setTodo(content, 4, true)).toContain("> - [x] quoted");
  });

  it("leaves content alone for an index past the end", () => {
    expect(setTodo(content, 9, true)).toBe(content);
  });
});

describe("foldedPart", () => {
  it("folds at the first rule line", () => {
    expect(foldedPart("intro\n\n---\nrest\n***\nmore")).toBe("intro");
    expect(foldedPart("a\n___\nb")).toBe("a");
  });

  it("does not fold without a rule, or with nothing after it", () => {
    expect(foldedPart("plain text")).toBeNull();
    expect(foldedPart("text\n---")).toBeNull();
    expect(foldedPart("-----\ntext")).toBeNull();
  });
});
