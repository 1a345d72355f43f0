// MemoService's reactions: our emoji reactions on a memo, or on a comment through its name, one by one. Who may see
// and give them is the reaction service's rule (whoever may read the memo; a member to react).
import { reactionSchema } from "@memos/common";
import { Code, ConnectError } from "@connectrpc/connect";
import type { AppContext } from "../../context.js";
import { listReactionEntriesOf, type ReactedRef, removeReactionEntry, upsertReactionEntry } from "../../services/reaction.service.js";
import type { MemoService } from "../gen/memos/api/v1/memo_service_pb.js";
import { checked } from "../checked.js";
import { memoTargetOf } from "../memo-target.js";
import { memoUidOf, reactionOf } from "../names.js";
import { pageSizeOf, positionOf, positionToken } from "../page-token.js";
import { presentReaction } from "../presenters/reaction.presenter.js";
import type { ServiceRpcs } from "../rpc.js";
import { invalidArgument } from "../transport/errors.js";

/** The memo or comment a name refers to, as the reaction service takes it. */
async function reactedOf(ctx: AppContext, name: string, field: string): Promise<ReactedRef> {
  const target = await memoTargetOf(ctx, name, field);
  return { target: target.kind, id: target.id };
}

export const memoReactionRpcs = {
  listMemoReactions: {
    access: "public",
    handle: async (input, { ctx, viewer }) => {
      const ref = await reactedOf(ctx, input.name, "name");
      const size = pageSizeOf(input.pageSize);
      const rows = await listReactionEntriesOf(ctx, viewer, ref, { afterId: positionOf("after", input.pageToken, 0), limit: size + 1 });
      const page = rows.slice(0, size);
      const uid = memoUidOf(input.name);
      return {
        reactions: page.map((row) => presentReaction(uid, row)),
        nextPageToken: rows.length > size ? positionToken("after", page.at(-1)!.id) : "",
      };
    },
  },
  upsertMemoReaction: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const ref = await reactedOf(ctx, input.name, "name");
      if (!input.reaction) throw invalidArgument("reaction", "a reaction is required");
      const { emoji } = checked(reactionSchema, { emoji: input.reaction.reactionType }, { emoji: "reaction.reaction_type" }, "reaction");
      return presentReaction(memoUidOf(input.name), await upsertReactionEntry(ctx, viewer, ref, emoji));
    },
  },
  deleteMemoReaction: {
    access: "signed-in",
    handle: async (input, { ctx, viewer }) => {
      const { memo, id } = reactionOf(input.name);
      const ref = await reactedOf(ctx, memo, "name");
      if (!(await removeReactionEntry(ctx, viewer, ref, id))) throw new ConnectError("reaction not found", Code.NotFound);
      return {};
    },
  },
} satisfies Pick<ServiceRpcs<typeof MemoService>, "listMemoReactions" | "upsertMemoReaction" | "deleteMemoReaction">;
