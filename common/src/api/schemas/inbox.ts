// What concerns the caller (routes/inbox.ts): a page of its items, and marking them read.
import { z } from "zod";
import { MAX_ID } from "../input-limits.js";
import { optional, optionalQueryId } from "../schema-parts.js";
import { pageLimit } from "../shared-schemas.js";

/** `POST /api/inbox/read`: these items, or all of them, marked read. */
export const inboxReadSchema = z.union([
  z.object({ ids: z.array(z.int().min(1).max(MAX_ID)).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type InboxRead = z.infer<typeof inboxReadSchema>;

/** `GET /api/inbox`: a page newest first; `before` is the `next` of the previous page; `unread=true` only those not read. */
export const inboxQuerySchema = z.object({
  limit: pageLimit,
  before: optionalQueryId("before"),
  unread: optional(z.enum(["true", "false"])),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

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
