// A memo's attachments: image thumbnails (click to preview), video players, and file chips.
import type { Resource } from "@memos/common";
import { FileText } from "lucide-react";
import { resourceThumbnailUrl, resourceUrl } from "../../api/links";
import { RetryingImage } from "../ui/RetryingImage";

export interface MemoResourcesProps {
  resources: Resource[];
  onPreview?: (url: string) => void;
  /** Where each file is read from (a share link's page reads them through the link). */
  urlOf?: (resource: Resource) => string;
  /** Where a grid's image is read from: its thumbnail (the preview opens the file itself). */
  thumbnailOf?: (resource: Resource) => string;
}

export const isImage = (resource: Resource) => resource.type.startsWith("image");

export function MemoResources({ resources, onPreview, urlOf = resourceUrl, thumbnailOf = resourceThumbnailUrl }: MemoResourcesProps) {
  if (resources.length === 0) return null;
  const images = resources.filter(isImage);
  const videos = resources.filter((resource) => resource.type.startsWith("video"));
  const files = resources.filter((resource) => !isImage(resource) && !resource.type.startsWith("video"));
  return (
    <div className="mt-2 flex flex-col gap-2">
      {images.length ? (
        <div className={`grid gap-2 ${images.length === 1 ? "grid-cols-1" : "grid-cols-3"}`}>
          {images.map((resource) => {
            const url = urlOf(resource);
            return (
              <button
                key={resource.id}
                type="button"
                onClick={() => onPreview?.(url)}
                aria-label={resource.filename}
                className={`overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 ${images.length === 1 ? "w-fit max-w-full" : "aspect-square"} ${onPreview ? "cursor-zoom-in" : "cursor-default"}`}
              >
                <RetryingImage
                  // One image is shown large; in a grid each is a small square, which its thumbnail fills.
                  src={images.length === 1 ? url : thumbnailOf(resource)}
                  alt={resource.filename}
                  loading="lazy"
                  decoding="async"
                  className={images.length === 1 ? "max-h-72 max-w-full object-contain" : "size-full object-cover"}
                />
              </button>
            );
          })}
        </div>
      ) : null}
      {videos.map((resource) => (
        <video key={resource.id} controls preload="metadata" className="max-h-80 w-full rounded-lg bg-black">
          <source src={urlOf(resource)} type={resource.type} />
        </video>
      ))}
      {files.length ? (
        <div className="flex flex-wrap gap-1.5">
          {files.map((resource) => (
            <a
              key={resource.id}
              href={urlOf(resource)}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-zinc-200 bg-zinc-50 px-2 py-1 text-xs text-zinc-600 transition-colors duration-200 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900/50 dark:text-zinc-300 dark:hover:bg-zinc-700/60"
            >
              <FileText className="size-3.5 shrink-0" aria-hidden />
              <span className="truncate">{resource.filename}</span>
            </a>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Attachments not already shown inline by the content (an image linked in the markdown shows once). */
export const attachmentsToShow = (content: string, resources: Resource[]): Resource[] =>
  resources.filter((resource) => !content.includes(resourceUrl(resource)));
