// The parity corpus: `^regex` text filters.
import { type Case, query } from "./shared.js";

/** `^regex` text filters: RE2 on SQLite, PostgreSQL's own dialect there; what one refuses, both refuse. */
const REGEXES = [
  "\\p{L}+",
  "\\PL",
  "\\Qa.b\\E",
  "a\\z",
  "\\x{41}",
  "(?P<n>a)",
  "(?<n>a)",
  "a(?i)b",
  "(?i:a)",
  "(?U)a+",
  "a{256}",
  "a{2,300}",
  "a{3",
  "[\\d-z]",
  "[[:^alpha:]]",
  "[[:nope:]]",
  "[[.a.]]",
  "^*",
  "a$+",
  "\\A?",
  "(",
  "a**",
  "(?=a)",
  "(?i)hello",
  "[[:alpha:]]+",
  "a{2,255}",
  "[\\w-]+",
  "(foo|bar)$",
  "\\d{4}-\\d{2}",
  "[]a]",
  "\\bword\\b",
];
export const regexCases: Case[] = REGEXES.map(
  (pattern): Case => ({
    name: `list regex ${pattern}`,
    request: () => ({ method: "GET", url: `/api/memo${query({ text: `^${pattern}` })}` }),
  }),
);
