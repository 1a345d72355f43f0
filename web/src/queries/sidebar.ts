// Server data of the sidebar: memo stats (heat map and counts), tags, tag suggestions and shortcuts.
import type { Shortcut, ShortcutCreateRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";

/** Display times from `from` (Unix seconds) on, before `to` if given: the heat map and the calendar ask only for what they show. */
export const useMemoStats = (creatorId: number | undefined, from: number, to?: number) =>
  useQuery({
    queryKey: keys.memos.stats(creatorId ?? -1, from, to),
    queryFn: () => api.call("memo.stats", { query: { creatorId: creatorId!, from, ...(to !== undefined ? { to } : {}) } }),
    enabled: creatorId !== undefined && creatorId > 0,
  });

/** The count of the user's memos the caller may read, from the server's counters. */
export const useMemoAmount = (userId: number | undefined) =>
  useQuery({
    queryKey: keys.memos.amount(userId ?? -1),
    queryFn: () => api.call("memo.amount", { query: { userId: userId! } }),
    enabled: userId !== undefined && userId > 0,
  });

export const useTags = (enabled = true) => useQuery({ queryKey: keys.tags, queryFn: () => api.call("tag.list"), enabled });

/** The caller's tags with their memo counts (the sidebar's counts, the editor's autocomplete). */
export const useTagCounts = (enabled = true) => useQuery({ queryKey: keys.tagCounts, queryFn: () => api.call("tag.counts"), enabled });

/** Each parent of the caller's tag tree (`work` of `work/meeting`) with the memos of its whole subtree, each once. */
export const useTagSubtreeCounts = (enabled = true) =>
  useQuery({ queryKey: keys.tagSubtreeCounts, queryFn: () => api.call("tag.subtreeCounts"), enabled });

export const useTagSuggestions = (enabled = true) =>
  useQuery({ queryKey: keys.tagSuggestions, queryFn: () => api.call("tag.suggestions"), enabled });

export const useShortcuts = (enabled = true) => useQuery({ queryKey: keys.shortcuts, queryFn: () => api.call("shortcut.list"), enabled });

/** Shortcuts as the sidebar lists them: "pinned" (rowStatus ARCHIVED, as v0) first, then newest first. */
export function sortShortcuts(shortcuts: readonly Shortcut[]): Shortcut[] {
  const pinnedFirst = (shortcut: Shortcut) => (shortcut.rowStatus === "ARCHIVED" ? 0 : 1);
  return [...shortcuts].sort((a, b) => pinnedFirst(a) - pinnedFirst(b) || b.createdTs - a.createdTs || b.id - a.id);
}

export function useTagMutations() {
  const queryClient = useQueryClient();
  // keys.tags is the prefix of the suggestions and the counts too, so all refresh.
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.tags });
  const create = useMutation({ mutationFn: (name: string) => api.call("tag.create", { body: { name } }), onSettled });
  const remove = useMutation({ mutationFn: (name: string) => api.call("tag.delete", { params: { tagName: name } }), onSettled });
  return { create, remove };
}

export function useShortcutMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.shortcuts });
  const create = useMutation({ mutationFn: (body: ShortcutCreateRequest) => api.call("shortcut.create", { body }), onSettled });
  const patch = useMutation({
    mutationFn: ({ id, ...body }: { id: number; title?: string; payload?: string; rowStatus?: Shortcut["rowStatus"] }) =>
      api.call("shortcut.patch", { params: { shortcutId: id }, body }),
    onSettled,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.call("shortcut.delete", { params: { shortcutId: id } }), onSettled });
  return { create, patch, remove };
}
