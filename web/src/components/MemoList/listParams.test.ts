import { describe, expect, it } from "vitest";
import { filterParams } from "./listParams";

describe("filterParams", () => {
  it("sends the search box's text as search (words in any order), never as v0's one-substring text", () => {
    expect(filterParams({ text: "safari login", tag: "work" })).toEqual({ search: "safari login", tag: "work" });
    expect(filterParams({})).toEqual({});
  });
});
