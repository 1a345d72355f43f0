// An inbox item as v1's UserNotification: a comment on the owner's memo (the comment is a memo with a parent on this
// wire), or a mention of them in a memo or a comment. Read items are ARCHIVED (v1 has no separate read state).
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { User as V0User } from "@memos/common";
import { type InboxRow, snippetOf } from "../../presenters/inbox.presenter.js";
import { type UserNotificationSchema, UserNotification_Status, UserNotification_Type } from "../gen/memos/api/v1/user_service_pb.js";
import { memoName, notificationName, userName } from "../names.js";
import { presentUser } from "./user.presenter.js";

/** The kinds of our inbox that v1 has: reactions and account items are ours alone. */
export const NOTIFICATION_KINDS = ["comment", "mention"] as const;

/** The memo and, for a comment, the memo it is on: names and snippets, as both payloads hold them. */
function payloadOf(row: InboxRow) {
  const memo = { name: memoName(row.memo_uid ?? ""), snippet: snippetOf(row.content ?? "") };
  if (row.comment_uid === null) return { memo: memo.name, memoSnippet: memo.snippet };
  return {
    memo: memoName(row.comment_uid),
    memoSnippet: snippetOf(row.comment_content ?? ""),
    relatedMemo: memo.name,
    relatedMemoSnippet: memo.snippet,
  };
}

/** `row` of `owner`'s inbox, by `sender` (the row's actor, as our presenter shows an account to another). */
export function presentNotification(
  owner: string,
  row: InboxRow,
  sender: V0User | undefined,
): MessageInitShape<typeof UserNotificationSchema> {
  const payload = payloadOf(row);
  return {
    name: notificationName(owner, row.id),
    sender: userName(row.actor_username ?? ""),
    ...(sender && { senderUser: presentUser(sender) }),
    status: row.read_ts === null ? UserNotification_Status.UNREAD : UserNotification_Status.ARCHIVED,
    createTime: timestampFromMs(Number(row.created_ts) * 1000),
    ...(row.kind === "comment"
      ? { type: UserNotification_Type.MEMO_COMMENT, payload: { case: "memoComment" as const, value: payload } }
      : { type: UserNotification_Type.MEMO_MENTION, payload: { case: "memoMention" as const, value: payload } }),
  };
}
