// The JSON shapes of what happens around a memo (additions to the v0 wire): its kept versions, the trash,
// reactions, links between memos, comments and the inbox. As in entities.ts: one zod schema each, its type inferred.
import { z } from "zod";
import { REVISION_SOURCES } from "../domain/history.js";
import { VISIBILITIES, ROW_STATUSES } from "../domain/constants.js";
import { memoEntitySchema, resourceEntitySchema } from "./entities.js";

export const memoRevisionEntitySchema = z
  .object({
    id: z.int(),
    memoId: z.int(),
    content: z.string(),
    visibility: z.enum(VISIBILITIES),
    createdTs: z.int().describe("When this version was written"),
    replacedTs: z.int().describe("When the next version replaced it"),
    source: z
      .enum(REVISION_SOURCES)
      .nullable()
      .describe(
        "What wrote this version: the web, an access token, an import, a restore, a tag rename, a bulk edit; null when not recorded",
      ),
    accessToken: z.object({ id: z.int(), name: z.string() }).optional().describe("The token that wrote it, when one did and still exists"),
  })
  .meta({ id: "MemoRevision" });
/** A version a memo's content or visibility replaced (`GET /api/memo/:memoId/revision`, an addition). */
export type MemoRevision = z.infer<typeof memoRevisionEntitySchema>;

export const memoRevisionPageEntitySchema = z
  .object({
    revisions: z.array(memoRevisionEntitySchema).describe("Newest first"),
    next: z.int().nullable().describe("`before` of the next page; null on the last"),
  })
  .meta({ id: "MemoRevisionPage" });

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
export const relatedMemoEntitySchema = z
  .object({
    id: z.int(),
    creatorId: z.int(),
    creatorUsername: z.string(),
    snippet: z.string().describe("The start of its text (up to 300 characters), for a preview"),
    displayTs: z.int().describe("Its display time (created or updated, by its creator's setting)"),
    visibility: z.enum(VISIBILITIES),
    rowStatus: z.enum(ROW_STATUSES),
  })
  .meta({ id: "RelatedMemo" });
/** A short preview of a memo a memo links to or is referenced by (`GET /api/memo/:memoId/relation`). */
export type RelatedMemo = z.infer<typeof relatedMemoEntitySchema>;

export const memoRelationEntitySchema = z
  .object({
    links: z.array(relatedMemoEntitySchema).describe("The memos its text references that the caller may see, by id"),
    backlinks: z
      .array(relatedMemoEntitySchema)
      .describe("The memos referencing it that the caller may see, newest first, a page of at most 50"),
    next: z.int().nullable().describe("`before` of the next page of backlinks; null on the last"),
  })
  .meta({ id: "MemoRelation" });
export type MemoRelation = z.infer<typeof memoRelationEntitySchema>;

export const relationCountEntitySchema = z
  .object({
    memoId: z.int(),
    count: z.int().describe("How many memos the caller may see reference it, at most 99"),
    more: z.boolean().describe("More than 99 do (a card shows 99+)"),
  })
  .meta({ id: "RelationCount" });
/** A card's backlink count (`GET /api/memo/relation-count`). */
export type RelationCount = z.infer<typeof relationCountEntitySchema>;

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
const MEMO_INBOX_KINDS = ["mention", "reaction", "comment"] as const;
const memoInboxItemSchema = z
  .object({
    id: z.int(),
    kind: z.enum(MEMO_INBOX_KINDS).describe("Named in a memo, a reaction to one of yours, a comment on one of yours"),
    memoId: z.int(),
    commentId: z.int().optional().describe("A reaction to one of your comments: that comment (on the memo `memoId`)"),
    snippet: z.string().describe("The first words (at most 120 characters) of the memo, or of the comment reacted to"),
    actor: z.object({ id: z.int(), name: z.string() }).describe("Who did it (nickname, or username)"),
    emoji: z.string().optional().describe("The reaction's emoji"),
    createdTs: z.int(),
    read: z.boolean(),
  })
  .meta({ id: "MemoInboxItem" });
const accountInboxItemSchema = z
  .object({
    id: z.int(),
    kind: z
      .literal("two-factor-locked")
      .describe("Too many wrong two-factor codes for your account: its app codes are refused for a while (someone has your password)"),
    lockedUntilTs: z.int().describe("When the account's app codes are accepted again"),
    createdTs: z.int(),
    read: z.boolean(),
  })
  .meta({ id: "AccountInboxItem" });
export const inboxItemEntitySchema = z.discriminatedUnion("kind", [memoInboxItemSchema, accountInboxItemSchema]).meta({ id: "InboxItem" });
/**
 * Something that happened to the caller's memos, or where they were named; or to their account (`GET /api/inbox`, an
 * addition).
 */
export type InboxItem = z.infer<typeof inboxItemEntitySchema>;
/** An item about one of the caller's memos. */
export type MemoInboxItem = z.infer<typeof memoInboxItemSchema>;

export const inboxPageEntitySchema = z
  .object({
    items: z.array(inboxItemEntitySchema).describe("Newest first"),
    unread: z.int().describe("Unread items, counted up to 100"),
    next: z.int().nullable().describe("`before` of the next page; null on the last"),
  })
  .meta({ id: "InboxPage" });
export type InboxPage = z.infer<typeof inboxPageEntitySchema>;

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
