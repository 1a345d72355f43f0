// The user's resources: thumbnails and file tiles, upload with progress, preview, copy link, rename, delete and
// "clear unused" (every resource no memo links to). Shown in a dialog on desktop and as the /resources page on phones.
import type { Resource } from "@memos/common";
import { Eraser, Upload } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { withAllStrings } from "../../i18n";
import { useTranslation } from "react-i18next";
import { resourceUrl } from "../../api/links";
import { useResources } from "../../queries/resources";
import { toast } from "../../state/toast";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Dialog } from "../ui/Dialog";
import { ProgressBar } from "../ui/ProgressBar";
import { ListState } from "../ui/ListState";
import type { StackDialogProps } from "../../state/dialogs";
import { ResourceCard } from "./ResourceCard";
import { isImageResource, unusedResources } from "./resourceRules";
import { type UploadProgress, useResourceActions } from "./useResourceActions";

const ImageViewer = lazy(withAllStrings(() => import("../ui/ImageViewer")));
const RenameResourceDialog = lazy(withAllStrings(() => import("./RenameResourceDialog")));

type Open =
  | { kind: "preview"; index: number }
  | { kind: "rename"; resource: Resource }
  | { kind: "delete"; resource: Resource }
  | { kind: "clear"; count: number }
  | null;

export default function ResourcesDialog({ onClose }: StackDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={t("resources.title")} size="lg">
      <ResourcesPanel />
    </Dialog>
  );
}

export function ResourcesPanel() {
  const { t } = useTranslation();
  const { data: resources, isPending, error } = useResources();
  const actions = useResourceActions();
  const [open, setOpen] = useState<Open>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = resources ?? [];
  const images = list.filter(isImageResource);

  const askClearUnused = () => {
    const count = unusedResources(list).length;
    if (count === 0) toast.info(t("message.no-unused-resources"));
    else setOpen({ kind: "clear", count });
  };

  return (
    <>
      <div
        className="flex min-h-full flex-col gap-3"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          const files = Array.from(event.dataTransfer.files);
          if (files.length) void actions.uploadFiles(files);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{resources ? t("resources.summary", { count: list.length }) : null}</p>
          <div className="flex gap-2">
            <Button variant="ghost" icon={<Eraser className="size-4" aria-hidden />} onClick={askClearUnused} disabled={!resources}>
              {t("resources.clear-unused")}
            </Button>
            <Button variant="primary" icon={<Upload className="size-4" aria-hidden />} onClick={() => fileInput.current?.click()}>
              {t("resources.upload")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (files.length) void actions.uploadFiles(files);
              }}
            />
          </div>
        </div>
        {actions.uploads.length ? <UploadList uploads={actions.uploads} /> : null}
        <ListState look="page" pending={isPending} error={error} count={list.length} empty={t("resources.empty")}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {list.map((resource) => (
              <ResourceCard
                key={resource.id}
                resource={resource}
                onPreview={() => setOpen({ kind: "preview", index: Math.max(0, images.indexOf(resource)) })}
                onCopyLink={() => void actions.copyLink(resource)}
                onRename={() => setOpen({ kind: "rename", resource })}
                onDelete={() => setOpen({ kind: "delete", resource })}
              />
            ))}
          </ul>
        </ListState>
      </div>
      <Suspense fallback={null}>
        {open?.kind === "preview" ? (
          <ImageViewer
            images={images.map((resource) => ({ url: resourceUrl(resource), name: resource.filename }))}
            index={open.index}
            onClose={() => setOpen(null)}
          />
        ) : null}
        {open?.kind === "rename" ? (
          <RenameResourceDialog resource={open.resource} onRename={actions.rename} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
      {open?.kind === "delete" ? (
        <ConfirmDialog
          open
          title={t("resources.delete-title", { name: open.resource.filename })}
          body={
            open.resource.linkedMemoAmount > 0
              ? t("resources.delete-linked", { count: open.resource.linkedMemoAmount })
              : t("resources.delete-unused")
          }
          confirmLabel={t("resources.delete")}
          onConfirm={() => actions.remove(open.resource)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === "clear" ? (
        <ConfirmDialog
          open
          title={t("resources.clear-unused-title", { count: open.count })}
          body={t("resources.clear-unused-body")}
          confirmLabel={t("resources.clear-unused")}
          onConfirm={() => actions.clearUnused(list)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

function UploadList({ uploads }: { uploads: UploadProgress[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2" aria-live="polite">
      {uploads.map((upload) => (
        <li key={upload.key} className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-700">
          <div className="mb-1.5 flex justify-between gap-3 text-xs text-zinc-600 dark:text-zinc-300">
            <span className="truncate">{t("resources.uploading", { name: upload.name })}</span>
            <span className="tabular-nums">{Math.round(upload.fraction * 100)}%</span>
          </div>
          <ProgressBar fraction={upload.fraction} label={t("resources.upload-progress", { name: upload.name })} track="bg-zinc-100" />
        </li>
      ))}
    </ul>
  );
}
