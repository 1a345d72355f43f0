// Resources attached in the editor (thumbnails for images, chips for files), each removable; uploads in flight.
import type { Resource } from "@memos/common";
import { FileText, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { resourceUrl } from "../../api/links";
import type { Upload } from "./useUploads";
import { ProgressBar } from "../ui/ProgressBar";
import { RetryingImage } from "../ui/RetryingImage";

export function AttachmentList({
  resources,
  uploads,
  onRemove,
}: {
  resources: Resource[];
  uploads: Upload[];
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (resources.length === 0 && uploads.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 px-3 pb-2">
      {resources.map((resource) => (
        <div
          key={resource.id}
          className="group relative flex h-14 items-center gap-2 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 text-xs text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900/40 dark:text-zinc-300"
        >
          {resource.type.startsWith("image") ? (
            <RetryingImage src={resourceUrl(resource)} alt={resource.filename} className="size-14 object-cover" loading="lazy" />
          ) : (
            <span className="flex items-center gap-1.5 px-2.5">
              <FileText className="size-4 shrink-0" aria-hidden />
              <span className="max-w-40 truncate">{resource.filename}</span>
            </span>
          )}
          <button
            type="button"
            aria-label={t("editor.remove-resource", { name: resource.filename })}
            title={t("editor.remove-resource", { name: resource.filename })}
            onClick={() => onRemove(resource.id)}
            className="absolute top-0.5 right-0.5 grid size-5 place-items-center rounded-full bg-black/55 text-white transition-opacity duration-200 hover:bg-black/75 sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
          >
            <X className="size-3" aria-hidden />
          </button>
        </div>
      ))}
      {uploads.map((upload) => (
        <div
          key={upload.id}
          className="flex h-14 w-40 flex-col justify-center gap-1.5 rounded-lg border border-dashed border-zinc-300 px-2.5 dark:border-zinc-600"
        >
          <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">{t("editor.uploading", { name: upload.name })}</span>
          <ProgressBar fraction={upload.progress} label={t("editor.uploading", { name: upload.name })} />
        </div>
      ))}
    </div>
  );
}
