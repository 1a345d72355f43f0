import { describe, expect, it } from "vitest";
import { hasTooManySearchTerms, isForwardDuration } from "./memo-list.js";
import { MAX_SEARCH_TERMS } from "./search.js";

describe("isForwardDuration", () => {
  it("holds when from is before to, or either is open", () => {
    expect(isForwardDuration(1, 2)).toBe(true);
    expect(isForwardDuration(undefined, 2)).toBe(true);
    expect(isForwardDuration(1, undefined)).toBe(true);
    expect(isForwardDuration(2, 2)).toBe(false);
    expect(isForwardDuration(3, 2)).toBe(false);
  });
});

describe("hasTooManySearchTerms", () => {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(" ");

  it("counts words and phrases, each once, up to MAX_SEARCH_TERMS", () => {
    expect(hasTooManySearchTerms(words(MAX_SEARCH_TERMS))).toBe(false);
    expect(hasTooManySearchTerms(words(MAX_SEARCH_TERMS + 1))).toBe(true);
    expect(hasTooManySearchTerms(`${words(MAX_SEARCH_TERMS)} W0 w0`)).toBe(false);
    expect(hasTooManySearchTerms(`"${words(MAX_SEARCH_TERMS + 1)}"`)).toBe(false);
  });

  it("takes a regular expression as one", () => {
    expect(hasTooManySearchTerms(`^${words(MAX_SEARCH_TERMS + 1)}`)).toBe(false);
  });
});
