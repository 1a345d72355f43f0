// The live event stream (routes/events.ts): what each event's `data:` line holds.
import { z } from "zod";

/** Changes to a memo, its comments and its reactions: sent to whoever may read the memo. */
export const LIVE_MEMO_EVENT_TYPES = [
  "memo.created",
  "memo.updated",
  "memo.trashed",
  "memo.restored",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "reaction.upserted",
  "reaction.deleted",
] as const;

/** One event of `GET /api/events`, as JSON on its `data:` line (its id is the `id:` line). */
export const liveEventSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.enum(LIVE_MEMO_EVENT_TYPES),
      memoId: z.int(),
      creatorId: z.int().describe("The memo's author"),
      commentId: z.int().optional().describe("The comment the change is about (a comment's change, a reaction to a comment)"),
    })
    .describe("A memo, one of its comments or reactions changed: sent to whoever may read the memo (now, or before the change)"),
  z
    .object({ type: z.enum(["inbox.created", "inbox.updated"]) })
    .describe("An item came into the caller's inbox, or items were marked or removed"),
  z.object({ type: z.literal("user.settings.updated"), key: z.string() }).describe("One of the caller's settings changed"),
  z.object({ type: z.literal("tag.renamed"), from: z.string(), to: z.string() }).describe("The caller renamed or merged a tag"),
  z.object({ type: z.literal("import.finished"), memos: z.int() }).describe("The caller's import committed this many memos"),
  z
    .object({ type: z.literal("reset") })
    .describe("The events since `Last-Event-ID` cannot be sent (too many, too old or unknown): read afresh"),
]);
export type LiveEventData = z.infer<typeof liveEventSchema>;
