// MemoService's comments: our comments, shown as v1 shows them (memos with a parent, under their own uid, with the
// parent's visibility), written and listed through the comment service and its rules (comments off or closed, a read
// token). The memo RPCs (memo.rpcs.ts) read, edit and delete a comment by its name too, through `commentRpcs`.
import { type Comment, commentCreateSchema, commentPatchSchema, type Memo as V0Memo } from "@memos/common";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext, Viewer } from "../../context.js";
import { createComment, getComment, listMemoComments, removeComment, updateComment } from "../../services/comment.service.js";
import { getMemo } from "../../services/memo.service.js";
import { commentUidsOf } from "../../store/sql/comment.store.js";
import { memoUidsOf } from "../../store/sql/memo/memo-uid.js";
import type { Memo, MemoSchema, MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { checked } from "../checked.js";
import { memoIdOf } from "../memo-target.js";
import { isValidUid } from "../names.js";
import { pageSizeOf, positionOf, positionToken } from "../page-token.js";
import { presentComment } from "../presenters/memo.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

type MemoShape = MessageInitShape<typeof MemoSchema>;

/** The comments of one memo as v1 memos. */
async function presentComments(ctx: AppContext, parent: V0Memo, comments: readonly Comment[]): Promise<MemoShape[]> {
  const { db } = ctx.store;
  const [uids, parentUids] = await Promise.all([
    commentUidsOf(
      db,
      comments.map((comment) => comment.id),
    ),
    memoUidsOf(db, [parent.id]),
  ]);
  const facts = { uid: parentUids.get(parent.id) ?? "", visibility: parent.visibility };
  return comments.map((comment) => presentComment(comment, uids.get(comment.id) ?? "", facts));
}

/** One comment as a v1 memo, its parent read as the caller may read it. */
async function presentOne(ctx: AppContext, viewer: Viewer, comment: Comment): Promise<MemoShape> {
  return (await presentComments(ctx, await getMemo(ctx, viewer, comment.memoId), [comment]))[0]!;
}

/** What a comment cannot hold in v1's terms: refused when it holds anything, rather than dropped. */
function refuseUnserved(comment: Memo, field: string): void {
  if (comment.attachments.length > 0) throw new ConnectError(`${field}.attachments through v1 are not served yet`, Code.Unimplemented);
  if (comment.relations.length > 0)
    throw new ConnectError(`a comment has no relations of its own (${field}.relations)`, Code.Unimplemented);
  if (comment.location !== undefined) throw new ConnectError("memo locations are not stored", Code.Unimplemented);
}

/** Paths a comment's update leaves as they are (what a client sends back of the whole memo). */
const COMMENT_UNCHANGED = new Set([
  "name",
  "creator",
  "update_time",
  "tags",
  "reactions",
  "property",
  "parent",
  "snippet",
  "visibility",
  "attachments",
  "relations",
  "location",
]);

/** Comments by the memo RPCs: a comment's name given to GetMemo, UpdateMemo or DeleteMemo. */
export const commentRpcs = {
  get: async (ctx: AppContext, viewer: Viewer, id: number) => presentOne(ctx, viewer, await getComment(ctx, viewer, id)),
  /**
   * Only its content changes: what the server sets and the visibility (its memo's) are left as they are, empty
   * attachments and relations are no change, anything else is refused.
   */
  update: async (ctx: AppContext, viewer: Viewer, id: number, memo: Memo, paths: readonly string[]) => {
    const changes = paths.filter((path) => path !== "content" && !COMMENT_UNCHANGED.has(path));
    if (changes.length > 0) throw invalidArgument("update_mask", `a comment changes its content only, not ${JSON.stringify(changes[0])}`);
    refuseUnserved(memo, "memo");
    const patch = paths.includes("content")
      ? checked(commentPatchSchema, { content: memo.content }, { content: "memo.content" }, "memo.content")
      : {};
    const comment = patch.content === undefined ? await getComment(ctx, viewer, id) : await updateComment(ctx, viewer, id, patch);
    return presentOne(ctx, viewer, comment);
  },
  remove: async (ctx: AppContext, viewer: Viewer, id: number) => {
    await removeComment(ctx, viewer, id);
  },
};

/** Comments oldest first, as our comment list pages them. */
const ORDERS = new Set(["", "create_time asc"]);

export const memoCommentRpcs = {
  createMemoComment: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.name, "name");
      const { comment } = input;
      if (!comment) throw invalidArgument("comment", "a comment is required");
      if (input.commentId !== "" && !isValidUid(input.commentId))
        throw invalidArgument("comment_id", "1 to 36 letters, digits and hyphens, no hyphen at either end");
      refuseUnserved(comment, "comment");
      const create = checked(commentCreateSchema, { content: comment.content }, { content: "comment.content" }, "comment");
      const created = await createComment(ctx, viewer, memoId, create, input.commentId === "" ? {} : { uid: input.commentId });
      return presentOne(ctx, viewer, created);
    },
  },
  listMemoComments: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const memoId = await memoIdOf(ctx, input.name, "name");
      const order = input.orderBy.trim().toLowerCase().replace(/\s+/g, " ");
      if (!ORDERS.has(order)) throw invalidArgument("order_by", `${JSON.stringify(input.orderBy)} is not supported (create_time asc is)`);
      const after = positionOf("after", input.pageToken, 0);
      const memo = await getMemo(ctx, viewer, memoId);
      const page = await listMemoComments(ctx, viewer, memoId, {
        limit: pageSizeOf(input.pageSize),
        after: after === 0 ? undefined : after,
      });
      return {
        memos: await presentComments(ctx, memo, page.comments),
        nextPageToken: page.next === null ? "" : positionToken("after", page.next),
      };
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "createMemoComment" | "listMemoComments">;
