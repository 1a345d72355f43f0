import { describe, expect, it } from "vitest";
import { filterParams } from "./listParams";

describe("filterParams", () => {
  it("sends the search box's text as search (words in any order), never as v0's one-substring text", () => {
    expect(filterParams({ text: "safari login", tag: "work" })).toEqual({ search: "safari login", tag: "work" });
    expect(filterParams({})).toEqual({});
  });
});

describe("filterParams with the search box's quick filters", () => {
  const midnight = (year: number, month: number, day: number) => Math.floor(new Date(year, month - 1, day).getTime() / 1000);

  it("turns tag:, has:, is:, visibility:, after: and before: into the list's parameters, the rest into search", () => {
    expect(
      filterParams({ text: "tag:work has:task has:code is:untagged visibility:public after:2025-06-01 before:2026-01-01 budget" }),
    ).toEqual({
      tag: "work",
      search: "budget",
      has: "hasTaskList,hasCode",
      type: "NOT_TAGGED",
      visibility: "PUBLIC",
      from: midnight(2025, 6, 1),
      to: midnight(2026, 1, 1),
    });
  });

  it("keeps the page's own filter and narrows its days by the text's", () => {
    const duration = { from: midnight(2025, 1, 1) * 1000, to: midnight(2025, 12, 31) * 1000 };
    expect(filterParams({ text: "tag:other after:2025-03-01", tag: "work", duration })).toEqual({
      tag: "work",
      from: midnight(2025, 3, 1),
      to: midnight(2025, 12, 31),
    });
  });
});
