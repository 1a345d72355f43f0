import { describe, expect, it } from "vitest";
import { findNulField } from "./input-guard.js";

describe("findNulField", () => {
  it("names the first string holding a NUL, in document order, by its dotted path", () => {
    expect(findNulField({ content: "ok", list: [1, "a\u0000"], later: "b\u0000" })).toBe("list.1");
    expect(findNulField({ a: { b: [{ c: "x\u0000y" }] } })).toBe("a.b.0.c");
    expect(findNulField("top\u0000")).toBe("body");
    expect(findNulField("x\u0000", "Authorization")).toBe("Authorization");
  });

  it("checks keys too, showing the NUL as \\u0000", () => {
    expect(findNulField({ "co\u0000ntent": "x" })).toBe("co\\u0000ntent");
    expect(findNulField({ first: "a\u0000", "k\u0000": "b" })).toBe("first");
  });

  it("finds nothing in clean or non-text input, and survives deep nesting", () => {
    expect(findNulField({ content: "fine", n: 1, b: true, z: null, list: [] })).toBeNull();
    expect(findNulField(undefined)).toBeNull();
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulField(deep)?.startsWith("0.0.0")).toBe(true);
  });
});
