// Opening a memo's history from its card: the dialog goes on the stack by the memo's name (its address opens it
// again), and the card's copy of the memo is what it shows as the current version until the server's answer comes.
import type { Memo } from "@memos/common";
import { queryClient } from "../../queries/client";
import { keys } from "../../queries/keys";
import { memoHistoryDialog, useDialogs } from "../../state/dialogs";

export function openMemoHistory(memo: Memo): void {
  if (queryClient.getQueryData(keys.memos.detail(memo.id)) === undefined) queryClient.setQueryData(keys.memos.detail(memo.id), memo);
  useDialogs.getState().push(memoHistoryDialog(memo.id));
}
