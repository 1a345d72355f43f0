// Deleted memos (routes/trash.ts).
import { z } from "zod";
import { INPUT_LIMITS } from "../input-limits.js";
import { optional, text } from "../schema-parts.js";
import { pageLimit } from "../shared-schemas.js";
import { memoEntitySchema } from "./memo.js";

/** `GET /api/trash`: `cursor` is the `next` of the previous page. */
export const trashListQuerySchema = z.object({
  limit: pageLimit,
  cursor: optional(text(INPUT_LIMITS.queryValue).regex(/^\d{1,15}-\d{1,10}$/, "must be the `next` of a previous page")),
});
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;

export const trashedMemoEntitySchema = memoEntitySchema
  .extend({
    trashedTs: z.int().describe("When it was deleted"),
    purgeTs: z.int().describe("When it will be deleted forever"),
  })
  .meta({ id: "TrashedMemo" });
/** A memo in the trash (`GET /api/trash`, an addition). */
export type TrashedMemo = z.infer<typeof trashedMemoEntitySchema>;

export const trashPageEntitySchema = z
  .object({
    memos: z.array(trashedMemoEntitySchema).describe("The latest deleted first"),
    total: z.int().describe("How many memos the caller's trash holds"),
    next: z.string().nullable().describe("`cursor` of the next page; null on the last"),
  })
  .meta({ id: "TrashPage" });
export type TrashPage = z.infer<typeof trashPageEntitySchema>;
