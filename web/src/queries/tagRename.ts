// Renaming a tag (or merging it into another): the dry run's counts while the name is typed, then the rename, after
// which everything that shows tags, memos or shortcuts is read again.
import type { TagRenameRequest } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { NO_ERROR_TOAST } from "./errorToast";

/** What renaming `from` to `to` would change; asked only when `enabled` (a valid, different name). */
export const useTagRenamePreview = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.tagRenamePreview(from, to),
    queryFn: () => api.call("tag.rename", { body: { from, to, dryRun: true } }),
    enabled,
    // A preview is read fresh each time the dialog asks: the memos may have changed meanwhile.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useTagRename() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: (body: Omit<TagRenameRequest, "dryRun">) => api.call("tag.rename", { body }),
    // The tag list, counts and suggestions (keys.tags is their prefix), every memo list and memo, the shortcuts.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.tags }),
        queryClient.invalidateQueries({ queryKey: keys.memos.all }),
        queryClient.invalidateQueries({ queryKey: keys.shortcuts }),
      ]),
  });
}
