// One reaction row as a v1 Reaction, named under the memo (or comment) it is on. `content_id` is that memo's name
// (0.30's field; 0.31 drops it).
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { ReactionEntryRow } from "../../store/sql/reaction.store.js";
import type { ReactionSchema } from "../gen/memos/api/v1/memo_service_pb.js";
import { memoName, reactionName, userName } from "../names.js";

export function presentReaction(memoUid: string, row: ReactionEntryRow): MessageInitShape<typeof ReactionSchema> {
  return {
    name: reactionName(memoUid, row.id),
    creator: userName(row.username),
    contentId: memoName(memoUid),
    reactionType: row.emoji,
    createTime: timestampFromMs(Number(row.created_ts) * 1000),
  };
}
