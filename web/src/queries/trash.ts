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

export function useTrashActions() {
  const client = useQueryClient();
  const afterChange = () => {
    void client.invalidateQueries({ queryKey: keys.trash });
    refreshAround(client);
  };
  return {
    restore: useMutation({ mutationFn: (memoId: number) => api.call("trash.restore", { params: { memoId } }), onSuccess: afterChange }),
    remove: useMutation({ mutationFn: (memoId: number) => api.call("trash.delete", { params: { memoId } }), onSuccess: afterChange }),
    empty: useMutation({ mutationFn: () => api.call("trash.empty", {}), onSuccess: afterChange }),
  };
}
