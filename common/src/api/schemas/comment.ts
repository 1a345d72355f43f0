// Comments on memos (routes/comment.ts).
import { z } from "zod";
import { optional, optionalQueryId } from "../schema-parts.js";
import { bodyId, memoContent, memoIdList, pageLimit } from "../shared-schemas.js";
import { commentReactionEntitySchema } from "./reaction.js";
import { resourceEntitySchema } from "./resource.js";

/** `POST /api/memo/:memoId/comment`: Markdown under the memo content rules, and the caller's own files. */
export const commentCreateSchema = z.object({ content: memoContent, resourceIdList: optional(z.array(bodyId).max(1000)) });
export type CommentCreate = z.infer<typeof commentCreateSchema>;
export type CommentCreateRequest = z.input<typeof commentCreateSchema>;

/** `PATCH /api/comment/:commentId`: a new text, a new list of files (replacing the old), or both. */
export const commentPatchSchema = z.object({ content: optional(memoContent), resourceIdList: optional(z.array(bodyId).max(1000)) });
export type CommentPatch = z.infer<typeof commentPatchSchema>;

/** `POST /api/memo/:memoId/comment/close`: the memo's author closes (or reopens) its comments. */
export const commentCloseSchema = z.object({ closed: z.boolean() });

/** `GET /api/memo/comment-count?memoIds=1,2,3`: the comment counts of a page of memos in one request. */
export const commentCountQuerySchema = z.object({ memoIds: memoIdList });

/** `GET /api/memo/:memoId/comment`: oldest first; `after` is the `next` of the previous page. */
export const commentListQuerySchema = z.object({ limit: pageLimit, after: optionalQueryId("after") });
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

export const commentEntitySchema = z
  .object({
    id: z.int(),
    memoId: z.int(),
    creator: z.object({ id: z.int(), username: z.string(), nickname: z.string() }),
    content: z.string().describe("Markdown"),
    createdTs: z.int(),
    updatedTs: z.int(),
    resourceList: z.array(resourceEntitySchema),
    reactions: z.array(commentReactionEntitySchema).describe("Per emoji, in the order first given"),
  })
  .meta({ id: "Comment" });
/** A comment on a memo (an addition): not a memo, never in memo lists. */
export type Comment = z.infer<typeof commentEntitySchema>;

export const commentPageEntitySchema = z
  .object({
    comments: z.array(commentEntitySchema),
    next: z.int().nullable().describe("`after` for the next page; null on the last"),
    closed: z.boolean().describe("The memo's author closed its comments"),
    disabled: z.boolean().describe("The host turned comments off"),
  })
  .meta({ id: "CommentPage" });
export type CommentPage = z.infer<typeof commentPageEntitySchema>;

export const commentCountEntitySchema = z.object({ memoId: z.int(), count: z.int() }).meta({ id: "CommentCount" });
export type CommentCount = z.infer<typeof commentCountEntitySchema>;
