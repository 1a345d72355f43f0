// One resource in the Resources dialog: a thumbnail (images) or a file tile, its name, size, use and menu.
import type { Resource } from "@memos/common";
import { Copy, Ellipsis, ExternalLink, FileText, Maximize2, Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { resourceUrl } from "../../api/links";
import { Menu, type MenuItem } from "../ui/Menu";
import { RetryingImage } from "../ui/RetryingImage";
import { formatBytes } from "../../utils/number";
import { isImageResource } from "./resourceRules";

export interface ResourceCardProps {
  resource: Resource;
  onPreview: () => void;
  onCopyLink: () => void;
  onRename: () => void;
  onDelete: () => void;
}

export function ResourceCard({ resource, onPreview, onCopyLink, onRename, onDelete }: ResourceCardProps) {
  const { t, i18n } = useTranslation();
  const image = isImageResource(resource);
  const url = resourceUrl(resource);
  const used = resource.linkedMemoAmount > 0;

  const items: MenuItem[] = [
    image
      ? { key: "preview", label: t("resources.preview"), icon: <Maximize2 aria-hidden />, onSelect: onPreview }
      : {
          key: "open",
          label: t("resources.open"),
          icon: <ExternalLink aria-hidden />,
          onSelect: () => window.open(url, "_blank", "noopener"),
        },
    { key: "copy", label: t("resources.copy-link"), icon: <Copy aria-hidden />, onSelect: onCopyLink },
    { key: "rename", label: t("resources.rename"), icon: <Pencil aria-hidden />, onSelect: onRename },
    { key: "delete", label: t("resources.delete"), icon: <Trash2 aria-hidden />, onSelect: onDelete, danger: true, separated: true },
  ];

  const tile = image ? (
    <button
      type="button"
      onClick={onPreview}
      aria-label={`${t("resources.preview")}: ${resource.filename}`}
      className="block aspect-square w-full cursor-zoom-in overflow-hidden rounded-t-[11px] bg-zinc-100 dark:bg-zinc-900"
    >
      <RetryingImage
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover transition-transform duration-200 hover:scale-[1.03]"
      />
    </button>
  ) : (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={`${t("resources.open")}: ${resource.filename}`}
      className="flex aspect-square w-full flex-col items-center justify-center gap-2 rounded-t-[11px] bg-zinc-50 text-zinc-400 transition-colors duration-200 hover:bg-zinc-100 dark:bg-zinc-900/60 dark:text-zinc-500 dark:hover:bg-zinc-900"
    >
      <FileText className="size-9" strokeWidth={1.5} aria-hidden />
      <span className="max-w-[90%] truncate rounded bg-zinc-200/70 px-1.5 py-0.5 text-[11px] font-medium tracking-wide text-zinc-600 uppercase dark:bg-zinc-700/70 dark:text-zinc-300">
        {fileBadge(resource)}
      </span>
    </a>
  );

  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800">
      {tile}
      <div className="flex items-start gap-1 border-t border-zinc-100 py-1.5 pr-0.5 pl-2.5 dark:border-zinc-700">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm text-zinc-800 dark:text-zinc-100" title={resource.filename}>
            {resource.filename}
          </p>
          <p className={`truncate text-xs ${used ? "text-zinc-600 dark:text-zinc-400" : "text-amber-700 dark:text-amber-400"}`}>
            {used ? t("resources.linked", { count: resource.linkedMemoAmount }) : t("resources.unused")}
          </p>
          {resource.size > 0 ? (
            <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{formatBytes(resource.size, i18n.language)}</p>
          ) : null}
        </div>
        <Menu
          label={t("resources.actions", { name: resource.filename })}
          trigger={<Ellipsis className="size-4" aria-hidden />}
          items={items}
        />
      </div>
    </li>
  );
}

/** A short label for a file tile: the extension, else the MIME subtype. */
function fileBadge(resource: Resource): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(resource.filename)?.[1];
  if (extension) return extension;
  return resource.type.split("/")[1]?.slice(0, 12) || "file";
}
