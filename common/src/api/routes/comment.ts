// Comments on memos: not memos (no list, search, count or export of memos shows them), seen by exactly those who
// may read their memo, written by members who may read it, unless the host or the memo's author closed them.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import {
  commentCloseSchema,
  commentCountEntitySchema,
  commentCountQuerySchema,
  commentCreateSchema,
  commentEntitySchema,
  commentListQuerySchema,
  commentPageEntitySchema,
  commentPatchSchema,
} from "../schemas/comment.js";
import { bare, data, input, route } from "../route.js";
import { MEMO_TEXT_BODY_BYTES } from "../body-limits.js";

const memoParams = z.object({ memoId: pathId() });
const commentParams = z.object({ commentId: pathId("Comment ID") });
const UNREADABLE = { 403: "A memo the caller may not read", 404: "No such memo, another's archived memo, or a memo in the trash" } as const;

export const commentRoutes = {
  "comment.count": route({
    method: "GET",
    path: "/api/memo/comment-count",
    summary: "How many comments each of up to 100 memos (a page of a list) has, those the caller may read",
    description: "Memos the caller may not read, and memos without comments, are left out. Two queries whatever the page.",
    access: "public",
    query: input(commentCountQuerySchema, "Malformatted comment count query"),
    answer: data(z.array(commentCountEntitySchema)),
  }),
  "comment.list": route({
    method: "GET",
    path: "/api/memo/:memoId/comment",
    summary: "The memo's comments, oldest first, with their authors and files",
    access: "public",
    params: memoParams,
    query: input(commentListQuerySchema, "Malformatted comment list query"),
    answer: data(commentPageEntitySchema),
    errors: UNREADABLE,
  }),
  "comment.create": route({
    method: "POST",
    path: "/api/memo/:memoId/comment",
    summary: "Comment on a memo the caller may read",
    access: "signed-in",
    params: memoParams,
    body: input(commentCreateSchema, "Malformatted post comment request"),
    bodyLimit: { bytes: MEMO_TEXT_BODY_BYTES },
    answer: data(commentEntitySchema),
    errors: {
      400: "Content too long or with too many tags",
      403: "A memo the caller may not read; comments closed or turned off; a read token",
      404: "No such memo (or in the trash); a resource that is not the caller's",
    },
  }),
  "comment.close": route({
    method: "POST",
    path: "/api/memo/:memoId/comment/close",
    summary: "Close (or reopen) the comments on the caller's memo",
    access: "signed-in",
    params: memoParams,
    body: input(commentCloseSchema, "Malformatted comment close request"),
    answer: data(z.object({ closed: z.boolean() })),
    errors: { 403: "Not the memo's author", 404: "No such memo, or in the trash" },
  }),
  "comment.update": route({
    method: "PATCH",
    path: "/api/comment/:commentId",
    summary: "Edit the caller's comment (its text, its files, or both)",
    access: "signed-in",
    params: commentParams,
    body: input(commentPatchSchema, "Malformatted patch comment request"),
    bodyLimit: { bytes: MEMO_TEXT_BODY_BYTES },
    answer: data(commentEntitySchema),
    errors: { 400: "Content too long", 403: "Not the comment's author; a read token", 404: "No such comment the caller may read" },
  }),
  "comment.delete": route({
    method: "DELETE",
    path: "/api/comment/:commentId",
    summary: "Delete a comment (its author, or the memo's author)",
    access: "signed-in",
    params: commentParams,
    answer: bare(z.literal(true)),
    errors: { 403: "Neither the comment's author nor the memo's; a read token", 404: "No such comment the caller may read" },
  }),
};
