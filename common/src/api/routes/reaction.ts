// Emoji reactions on memos and comments: a page of memos' reactions in one request (a page of comments carries its
// own), and the caller's own added or taken back.
import { z } from "zod";
import { pathId } from "../schema-parts.js";
import { commentReactionEntitySchema, reactionEntitySchema, reactionListQuerySchema, reactionSchema } from "../schemas/reaction.js";
import { data, input, route } from "../route.js";

/** Adding and taking back take the same credential, path ids and body, and answer the same list. */
const write = { access: "signed-in", body: input(reactionSchema, "Malformatted reaction request") } as const;
const onMemo = {
  ...write,
  params: z.object({ memoId: pathId() }),
  answer: data(z.array(reactionEntitySchema)),
  errors: { 400: "Not exactly one emoji", 403: "A memo the caller may not read", 404: "No such memo, or another's archived memo" },
} as const;
const onComment = {
  ...write,
  params: z.object({ commentId: pathId("Comment ID") }),
  answer: data(z.array(commentReactionEntitySchema)),
  errors: { 400: "Not exactly one emoji", 404: "No such comment, or its memo is not one the caller may read (or in the trash)" },
} as const;

export const reactionRoutes = {
  "reaction.list": route({
    method: "GET",
    path: "/api/reaction",
    summary: "The reactions of up to 100 memos (a page of a list), those the caller may read",
    description:
      "One entry per memo and emoji, with the count, the first 20 who reacted and whether the caller did; memos the caller may not read are left out, as if they had none.",
    access: "public",
    query: input(reactionListQuerySchema, "Malformatted reaction query"),
    answer: data(z.array(reactionEntitySchema)),
  }),
  "reaction.add": route({
    method: "POST",
    path: "/api/memo/:memoId/reaction",
    summary: "React to a memo with an emoji (once per emoji)",
    ...onMemo,
  }),
  "reaction.remove": route({
    method: "DELETE",
    path: "/api/memo/:memoId/reaction",
    summary: "Take back the caller's reaction",
    ...onMemo,
  }),
  "reaction.comment-add": route({
    method: "POST",
    path: "/api/comment/:commentId/reaction",
    summary: "React to a comment with an emoji (once per emoji)",
    description: "Allowed to exactly those who may react to the comment's memo; the answer is the comment's reactions now.",
    ...onComment,
  }),
  "reaction.comment-remove": route({
    method: "DELETE",
    path: "/api/comment/:commentId/reaction",
    summary: "Take back the caller's reaction to a comment",
    ...onComment,
  }),
};
