// What the Resources dialog does to the user's files: upload with progress, rename, delete, clear unused.
import type { Resource } from "@memos/common";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { keys } from "../../queries/keys";
import { useDeleteResource, useRenameResource, useUploadResource } from "../../queries/resources";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { copyWithToast } from "../../utils/clipboard";
import { absoluteResourceUrl, unusedResources } from "./resourceRules";

export interface UploadProgress {
  key: number;
  name: string;
  /** 0…1 */
  fraction: number;
}

let nextUploadKey = 1;

export function useResourceActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Their failures are said with the file's name.
  const upload = useUploadResource({ errorToast: false });
  const renameResource = useRenameResource();
  const deleteResource = useDeleteResource();
  const deleteUnused = useDeleteResource({ errorToast: false });
  const [uploads, setUploads] = useState<UploadProgress[]>([]);

  const setFraction = (key: number, fraction: number) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, fraction } : item)));

  /** One request per file, one after another (as the v0 web did), each with its own progress bar. */
  const uploadFiles = async (files: File[]) => {
    const queued = files.map((file) => ({ file, key: nextUploadKey++ }));
    setUploads((list) => [...list, ...queued.map(({ file, key }) => ({ key, name: file.name, fraction: 0 }))]);
    for (const { file, key } of queued) {
      try {
        await upload.mutateAsync({ file, onProgress: (fraction) => setFraction(key, fraction) });
      } catch (error) {
        toast.error(`${file.name}: ${errorMessage(error, t)}`);
      } finally {
        setUploads((list) => list.filter((item) => item.key !== key));
      }
    }
    void client.invalidateQueries({ queryKey: keys.resources });
  };

  const rename = async (resource: Resource, filename: string): Promise<boolean> => {
    try {
      await renameResource.mutateAsync({ id: resource.id, filename });
      toast.success(t("message.resource-filename-changed"));
      return true;
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
      return false;
    }
  };

  const remove = async (resource: Resource) => {
    try {
      await deleteResource.mutateAsync(resource.id);
      toast.success(t("message.resource-deleted"));
    } catch {
      // Said by the mutation cache's toast (queries/errorToast.ts).
    }
  };

  /** Deletes every unused resource of `resources`; the toast says how many went. */
  const clearUnused = async (resources: readonly Resource[]) => {
    const unused = unusedResources(resources);
    let deleted = 0;
    for (const resource of unused) {
      try {
        await deleteUnused.mutateAsync(resource.id);
        deleted += 1;
      } catch (error) {
        toast.error(`${resource.filename}: ${errorMessage(error, t)}`);
      }
    }
    if (deleted > 0) toast.success(t("resources.cleared", { count: deleted }));
  };

  const copyLink = (resource: Resource) => copyWithToast(absoluteResourceUrl(resource));

  return { uploads, uploadFiles, rename, remove, clearUnused, copyLink };
}
