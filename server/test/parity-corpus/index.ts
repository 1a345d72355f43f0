// The malformed corpus of parity.test.ts, by theme (a file each): over-long text, NUL characters, ids outside
// PostgreSQL's INTEGER range, wrong JSON types, bad enums and odd bodies, regular expressions. Each case builds its
// request from one engine's rows.
import { enumCases } from "./enums.js";
import { bodyIdCases, idCases } from "./ids.js";
import { longCases } from "./long-texts.js";
import { nulCases } from "./nul.js";
import { regexCases } from "./regexes.js";
import type { Case } from "./shared.js";
import { typeCases } from "./types.js";

export { type Case, HUGE, type Request, type Side } from "./shared.js";

export const groups: Array<[string, Case[]]> = [
  ["regular expressions", regexCases],
  ["ids in paths and queries", idCases],
  ["ids and numbers in bodies", bodyIdCases],
  ["over-long text", longCases],
  ["NUL characters", nulCases],
  ["wrong JSON types and odd bodies", typeCases],
  ["bad enums and query values", enumCases],
];
