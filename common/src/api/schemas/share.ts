// Private share links to one memo (routes/share.ts).
import { z } from "zod";
import { optional } from "../schema-parts.js";
import { unixSeconds } from "../shared-schemas.js";

/** `POST /api/memo/:memoId/share`: a link expiring at `expiresTs` (Unix seconds) or never. */
export const memoShareCreateSchema = z.object({ expiresTs: optional(unixSeconds) });
export type MemoShareCreate = z.infer<typeof memoShareCreateSchema>;

export const memoShareEntitySchema = z
  .object({
    id: z.int(),
    memoId: z.int(),
    createdTs: z.int(),
    expiresTs: z.int().nullable().describe("Unix seconds; null: never expires"),
    lastOpenedTs: z.int().nullable().describe("When the link was last opened (to the minute); null: never"),
  })
  .meta({ id: "MemoShare" });
/** A private share link of a memo as its author sees it (never the token, which is shown once). */
export type MemoShare = z.infer<typeof memoShareEntitySchema>;

export const createdMemoShareEntitySchema = z
  .object({
    id: z.int(),
    token: z.string().describe("Shown in this answer only: the link is `/s/<token>`"),
    url: z.string().describe("The link's path on this instance, `/s/<token>`"),
    expiresTs: z.int().nullable(),
  })
  .meta({ id: "CreatedMemoShare" });
/** The answer of `POST /api/memo/:memoId/share`: the one time the token is shown. */
export type CreatedMemoShare = z.infer<typeof createdMemoShareEntitySchema>;
