// Emoji reactions on memos and comments (routes/reaction.ts).
import { z } from "zod";
import { isEmoji, MAX_EMOJI_LENGTH } from "../../domain/reactions.js";
import { type ReasonParams, text } from "../schema-parts.js";
import { memoIdList } from "../shared-schemas.js";

/** `POST` and `DELETE /api/memo/:memoId/reaction`: one emoji (a quick one or any other). */
export const reactionSchema = z.object({
  emoji: text(MAX_EMOJI_LENGTH).refine(isEmoji, {
    message: "must be one emoji",
    params: { reason: "reaction.invalid-emoji" } satisfies ReasonParams,
  }),
});
export type ReactionInput = z.infer<typeof reactionSchema>;

/** `GET /api/reaction?memoIds=1,2,3`: the reactions of a page of memos in one request. */
export const reactionListQuerySchema = z.object({ memoIds: memoIdList });
export type ReactionListQuery = z.infer<typeof reactionListQuerySchema>;

/** One emoji's reactions on a memo or a comment, without saying which. */
const reactionCountSchema = z.object({
  emoji: z.string(),
  count: z.int(),
  users: z.array(z.object({ id: z.int(), name: z.string() })).describe("Who reacted (nickname, or username), at most 20, the first first"),
  mine: z.boolean().describe("The caller reacted so"),
});
export const reactionEntitySchema = reactionCountSchema.extend({ memoId: z.int() }).meta({ id: "Reaction" });
/** One emoji's reactions on a memo (`GET /api/reaction`, an addition). */
export type Reaction = z.infer<typeof reactionEntitySchema>;
export const commentReactionEntitySchema = reactionCountSchema.extend({ commentId: z.int() }).meta({ id: "CommentReaction" });
/** One emoji's reactions on a comment (in its `reactions`; `POST /api/comment/:commentId/reaction`). */
export type CommentReaction = z.infer<typeof commentReactionEntitySchema>;
