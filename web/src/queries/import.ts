// Importing an archive (POST /api/import): first a dry run (the preview), then the import itself; both upload
// the file with progress. A real import refreshes everything it may have added.
import type { ImportResult } from "@memos/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { keys } from "./keys";
import { NO_ERROR_TOAST } from "./errorToast";

export interface ImportRequest {
  file: File;
  dryRun: boolean;
  onProgress?: (fraction: number) => void;
}

export function useImportArchive() {
  const client = useQueryClient();
  return useMutation({
    meta: NO_ERROR_TOAST,
    mutationFn: ({ file, dryRun, onProgress }: ImportRequest): Promise<ImportResult> =>
      api.upload("import.archive", file, { query: dryRun ? { dryRun: "true" } : {}, onProgress }),
    onSuccess: (result) => {
      if (result.dryRun) return;
      for (const key of [keys.memos.all, keys.tags, keys.shortcuts, keys.resources]) void client.invalidateQueries({ queryKey: key });
    },
  });
}
