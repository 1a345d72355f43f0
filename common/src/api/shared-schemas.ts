// The schemas several areas' files share, built once: an id of a body, Unix seconds, the visibility, row status and
// role enums, a memo's (or a comment's) text, a selection of memos, the newest-first lists' page size and a page's
// `memoIds`. An area's own schemas are in schemas/<area>.ts; the functions they are all built with, schema-parts.ts.
import { z } from "zod";
import { MAX_BATCH_IDS, ROLES, ROW_STATUSES, VISIBILITIES } from "../domain/constants.js";
import { memoContentProblem } from "../domain/memo-content.js";
import { INPUT_LIMITS, MAX_ID, MAX_REACTION_MEMOS } from "./input-limits.js";
import { optional, queryInt, type ReasonParams, shown, text, wholeIssue } from "./schema-parts.js";

/** How a refused id is echoed: short, and readable whatever JSON value it was. */
const shownId = (input: unknown): string =>
  shown(typeof input === "string" ? input : typeof input === "number" ? String(input) : (JSON.stringify(input) ?? String(input)));

/** The wire's id message for a body id: "resourceId: ID is not a number: 2147483648". */
const idError = { error: (issue: { input?: unknown }) => `ID is not a number: ${shownId(issue.input)}` };
/** An id of a JSON body, 1 … 2^31 − 1. */
export const bodyId = z.int(idError).min(1, idError).max(MAX_ID, idError);

/** A time in Unix seconds, up to the year 9999. */
export const unixSeconds = z.int().min(0).max(253_402_300_799);

/** A memo's or a comment's text, under the caps every writer meets (memoContentProblem). */
export const memoContent = z.string().superRefine((value, context) => {
  const problem = memoContentProblem(value);
  if (problem)
    context.addIssue({
      code: "custom",
      message: problem.message,
      input: value,
      params: { reason: problem.reason, maximum: problem.maximum } satisfies ReasonParams,
    });
});

export const visibilitySchema = z.enum(VISIBILITIES);
export const rowStatusSchema = z.enum(ROW_STATUSES);
export const roleSchema = z.enum(ROLES);

/** A selection of memos: 1 … MAX_BATCH_IDS ids (a repeated id counts once). */
export const memoSelection = z
  .array(bodyId)
  .min(1, "choose at least one memo")
  .max(MAX_BATCH_IDS, `at most ${MAX_BATCH_IDS} memos in one request`);

/** The most versions or trashed memos one page holds, and the page size asked without `limit`. */
export const MAX_HISTORY_PAGE = 100;
export const DEFAULT_HISTORY_PAGE = 20;
export const pageLimit = optional(queryInt(1).pipe(z.int().max(MAX_HISTORY_PAGE)));

/** `memoIds=1,2,3`: the ids of a page of memos (at most MAX_REACTION_MEMOS), a repeated one counted once. */
export const memoIdList = text(INPUT_LIMITS.queryValue).transform((raw, context): number[] => {
  const ids = raw.split(",").filter((part) => part !== "");
  if (ids.length > MAX_REACTION_MEMOS || ids.some((id) => !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ID)) {
    context.addIssue(wholeIssue(`at most ${MAX_REACTION_MEMOS} memo ids, separated by commas`, raw));
    return z.NEVER;
  }
  return [...new Set(ids.map(Number))];
});

/** A memo's place as answered (common's memo-location.ts): in a Memo, wherever a route answers one (the trash's restore too). */
export const memoLocationEntitySchema = z
  .object({
    placeholder: z.string().describe("The place's name; empty when only its coordinates are known"),
    latitude: z.number().nullable().describe("Degrees north, -90 … 90; null when only the name is known"),
    longitude: z.number().nullable().describe("Degrees east, -180 … 180; null exactly when latitude is"),
  })
  .meta({ id: "MemoLocation" });
