// The inbox: pages newest first, the unread count (asked again every minute and when the page comes back into
// view), and marking read.
import type { InboxPage } from "@memos/common";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { NO_ERROR_TOAST } from "./errorToast";

export function useInbox() {
  return useInfiniteQuery({
    queryKey: [...keys.inbox, "pages"],
    queryFn: ({ pageParam }) => api.call("inbox.list", { query: pageParam ? { before: pageParam } : {} }),
    initialPageParam: 0,
    getNextPageParam: (page: InboxPage) => page.next ?? undefined,
  });
}

export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...keys.inbox, "unread"],
    queryFn: async () => (await api.call("inbox.list", { query: { limit: 1, unread: "true" } })).unread,
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (input: { ids: number[] } | { all: true }) => api.call("inbox.read", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.inbox }),
  });
}
