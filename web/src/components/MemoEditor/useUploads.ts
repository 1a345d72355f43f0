// Image uploads from the button, paste and drop: one request per file, each with its progress.
import type { Resource } from "@memos/common";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { queueUpload, willQueue } from "../../offline/outbox/store";
import { useUploadResource } from "../../queries/resources";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";

export interface Upload {
  id: number;
  name: string;
  progress: number;
}

let nextUploadId = 1;

const isImageFile = (file: File): boolean => file.type.startsWith("image/");

/** The upload list with one upload's progress changed. */
const withProgress = (id: number, progress: number) => (list: Upload[]) =>
  list.map((item) => (item.id === id ? { ...item, progress } : item));

export function useUploads(onUploaded: (resource: Resource) => void) {
  const { t } = useTranslation();
  const { mutateAsync: upload } = useUploadResource({ errorToast: false });
  const [uploads, setUploads] = useState<Upload[]>([]);

  const addFiles = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const images = files.filter(isImageFile);
      if (images.length < files.length) toast.error(t("message.only-image-supported"));
      await Promise.all(
        images.map(async (file) => {
          const id = nextUploadId++;
          setUploads((list) => [...list, { id, name: file.name, progress: 0 }]);
          try {
            // Offline, the image waits in the outbox and is uploaded before the memo that links it is sent.
            const resource = willQueue()
              ? await queueUpload(file)
              : await upload({ file, onProgress: (fraction) => setUploads(withProgress(id, fraction)) });
            onUploaded(resource);
          } catch (error) {
            toast.error(`${t("message.upload-failed")}: ${errorMessage(error, t)}`);
          } finally {
            setUploads((list) => list.filter((item) => item.id !== id));
          }
        }),
      );
    },
    [onUploaded, t, upload],
  );

  return { uploads, addFiles };
}
