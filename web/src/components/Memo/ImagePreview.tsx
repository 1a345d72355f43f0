// Full-size image preview (lazy): arrow keys or buttons step through the memo's images, Esc closes.
import { ChevronLeft, ChevronRight, ExternalLink, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ImagePreviewProps {
  urls: string[];
  index: number;
  onClose: () => void;
}

export default function ImagePreview({ urls, index: initial, onClose }: ImagePreviewProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(initial);
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const url = urls[index] ?? "";
  const step = (delta: number) => {
    setFailed(false);
    setIndex((current) => (current + delta + urls.length) % urls.length);
  };

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open && typeof element.showModal === "function") element.showModal();
  }, []);

  const button =
    "grid size-10 place-items-center rounded-full bg-black/50 text-white transition-colors duration-200 hover:bg-black/75";

  return (
    <dialog
      ref={dialog}
      aria-label={t("memo.image-preview")}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft" && urls.length > 1) step(-1);
        if (event.key === "ArrowRight" && urls.length > 1) step(1);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/85 p-0 backdrop:bg-transparent"
    >
      <div className="flex size-full items-center justify-center p-4" onClick={(event) => event.target === event.currentTarget && onClose()}>
        {failed ? (
          <p className="text-sm text-zinc-300">{t("message.image-load-failed")}</p>
        ) : (
          <img src={url} alt="" className="max-h-full max-w-full rounded-lg object-contain" onError={() => setFailed(true)} />
        )}
      </div>
      <div className="absolute top-3 right-3 flex gap-2">
        <a href={url} target="_blank" rel="noreferrer noopener" className={button} aria-label={t("memo.open-original")} title={t("memo.open-original")}>
          <ExternalLink className="size-4" aria-hidden />
        </a>
        <button type="button" autoFocus className={button} onClick={onClose} aria-label={t("common.close")} title={t("common.close")}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {urls.length > 1 ? (
        <>
          <button type="button" className={`${button} absolute top-1/2 left-3 -translate-y-1/2`} onClick={() => step(-1)} aria-label={t("memo.previous-image")}>
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button type="button" className={`${button} absolute top-1/2 right-3 -translate-y-1/2`} onClick={() => step(1)} aria-label={t("memo.next-image")}>
            <ChevronRight className="size-5" aria-hidden />
          </button>
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-black/50 px-3 py-1 text-xs text-white">
            {index + 1} / {urls.length}
          </p>
        </>
      ) : null}
    </dialog>
  );
}
