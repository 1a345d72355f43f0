// The signed-in user's trash: deleted memos in pages of 20, restored, deleted forever, or all emptied.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { refreshAround } from "./memos";

export function useTrash() {
  return useInfiniteQuery({
    queryKey: keys.trash,
    queryFn: ({ pageParam }) => api.call("trash.list", { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: "",
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

/** What changes with the trash: its list, and the lists and counts around a memo that leaves or enters it. */
function useAfterTrashChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: keys.trash });
    refreshAround(client);
  };
}

/** A memo back from the trash (the Trash dialog's Restore, and Undo after a delete). */
export function useRestoreFromTrash() {
  return useMutation({
    mutationFn: (memoId: number) => api.call("trash.restore", { params: { memoId } }),
    onSuccess: useAfterTrashChange(),
  });
}

export function useTrashActions() {
  const afterChange = useAfterTrashChange();
  return {
    restore: useRestoreFromTrash(),
    remove: useMutation({ mutationFn: (memoId: number) => api.call("trash.delete", { params: { memoId } }), onSuccess: afterChange }),
    empty: useMutation({ mutationFn: () => api.call("trash.empty", {}), onSuccess: afterChange }),
  };
}
