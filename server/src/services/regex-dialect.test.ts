import { describe, expect, it } from "vitest";
import { postgresRegexProblem } from "./regex-dialect.js";

describe("postgresRegexProblem", () => {
  it.each([
    "hello",
    "(?i)hello",
    "(?ims)a",
    "[[:alpha:]]+",
    "[[:word:]]",
    "a{2,255}",
    "[\\w-]+",
    "[-\\d]",
    "(foo|bar)$",
    "\\d{4}-\\d{2}",
    "[]a]",
    "[^]a]",
    "(?:ab)+",
    "a{",
    "{",
    "\\^*",
    "[$*]",
    "\\bword\\b",
  ])("accepts %s", (pattern) => expect(postgresRegexProblem(pattern)).toBeNull());

  it.each([
    "\\p{L}",
    "\\PL",
    "\\Qa\\E",
    "a\\z",
    "\\x{41}",
    "(?P<n>a)",
    "(?<n>a)",
    "a(?i)b",
    "(?i:a)",
    "(?U)a",
    "a{256}",
    "a{2,300}",
    "a{3",
    "[\\d-z]",
    "[[:^alpha:]]",
    "[[:nope:]]",
    "[[.a.]]",
    "[[=a=]]",
    "^*",
    "a$+",
    "\\A?",
    "x^{2}",
  ])("refuses %s", (pattern) => expect(postgresRegexProblem(pattern)).not.toBeNull());
});
