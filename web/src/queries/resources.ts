// The signed-in user's resources, and uploads with progress that land in that list.
import type { Resource } from "@memos/common";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { type ErrorToastOption, errorToastMeta } from "./errorToast";

export const useResources = (enabled = true) => useQuery({ queryKey: keys.resources, queryFn: () => api.call("resource.list"), enabled });

export function useUploadResource(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      api.upload("resource.upload", file, { onProgress }),
    onSuccess: (resource: Resource) => {
      client.setQueryData<Resource[]>(keys.resources, (list) => (list ? [resource, ...list] : list));
    },
  });
}

/** Memos show their attachments, so they refresh with the list when a resource changes or goes. */
function refreshResources(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: keys.resources });
  void client.invalidateQueries({ queryKey: keys.memos.all });
}

export function useRenameResource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filename }: { id: number; filename: string }) =>
      api.call("resource.patch", { params: { resourceId: id }, body: { filename } }),
    onSettled: () => refreshResources(client),
  });
}

export function useDeleteResource(options?: ErrorToastOption) {
  const meta = errorToastMeta(options);
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (id: number) => api.call("resource.delete", { params: { resourceId: id } }),
    onSettled: () => refreshResources(client),
  });
}
