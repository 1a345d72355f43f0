// A full-screen image viewer (memo images, the Resources dialog): zoom (buttons, + / - / 0 keys, click), previous and next.
import { ChevronLeft, ChevronRight, ExternalLink, X, ZoomIn, ZoomOut } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface ViewerImage {
  url: string;
  name: string;
}

export interface ImageViewerProps {
  images: ViewerImage[];
  index: number;
  onClose: () => void;
}

const ZOOMS = [1, 1.5, 2, 3, 4];
const BUTTON =
  "grid size-10 place-items-center rounded-full bg-black/50 text-white transition-colors duration-200 hover:bg-black/75 disabled:opacity-40";

interface Size {
  width: number;
  height: number;
}

export default function ImageViewer({ images, index: initial, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(initial);
  const [zoom, setZoom] = useState(0);
  const [natural, setNatural] = useState<Size | null>(null);
  const [stageSize, setStageSize] = useState<Size>({ width: 0, height: 0 });
  const [failed, setFailed] = useState(false);
  const image = images[index];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open && typeof element.showModal === "function") element.showModal();
  }, []);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setStageSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const step = (delta: number) => {
    setFailed(false);
    setNatural(null);
    setZoom(0);
    setIndex((current) => (current + delta + images.length) % images.length);
  };
  const zoomBy = (delta: number) => setZoom((current) => Math.min(ZOOMS.length - 1, Math.max(0, current + delta)));

  // Fit the image in the stage (never upscaled), then apply the zoom.
  const fit = natural ? Math.min(1, (stageSize.width - 32) / natural.width, (stageSize.height - 32) / natural.height) : 1;
  const scale = Math.max(fit, 0.01) * (ZOOMS[zoom] ?? 1);
  const sized = natural ? { width: natural.width * scale, height: natural.height * scale } : undefined;

  return (
    <dialog
      ref={dialog}
      aria-label={t("resources.preview")}
      onCancel={(event) => {
        event.preventDefault();
        // Esc closes the viewer alone: React would hand the event on to a dialog the viewer was opened from.
        event.stopPropagation();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft" && images.length > 1) step(-1);
        else if (event.key === "ArrowRight" && images.length > 1) step(1);
        else if (event.key === "+" || event.key === "=") zoomBy(1);
        else if (event.key === "-") zoomBy(-1);
        else if (event.key === "0") setZoom(0);
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black/90 p-0 backdrop:bg-transparent"
    >
      <div ref={stage} className="flex size-full overflow-auto" onClick={(event) => event.target === event.currentTarget && onClose()}>
        {failed || !image ? (
          <p className="m-auto text-sm text-zinc-300">{t("message.image-load-failed")}</p>
        ) : (
          <img
            key={image.url}
            src={image.url}
            alt={image.name}
            draggable={false}
            onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            onError={() => setFailed(true)}
            onClick={() => setZoom((current) => (current === 0 ? 2 : 0))}
            style={sized}
            className={`m-auto max-w-none shrink-0 rounded ${natural ? "" : "invisible"} ${zoom === 0 ? "cursor-zoom-in" : "cursor-zoom-out"}`}
          />
        )}
      </div>
      <div className="absolute top-3 right-3 flex items-center gap-2">
        <button
          type="button"
          className={BUTTON}
          onClick={() => zoomBy(-1)}
          disabled={zoom === 0}
          aria-label={t("resources.zoom-out")}
          title={t("resources.zoom-out")}
        >
          <ZoomOut className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          onClick={() => setZoom(0)}
          title={t("resources.zoom-reset")}
          aria-label={t("resources.zoom-reset")}
          className="h-10 min-w-14 rounded-full bg-black/50 px-2 text-xs text-white tabular-nums transition-colors duration-200 hover:bg-black/75"
        >
          {Math.round(scale * 100)}%
        </button>
        <button
          type="button"
          className={BUTTON}
          onClick={() => zoomBy(1)}
          disabled={zoom === ZOOMS.length - 1}
          aria-label={t("resources.zoom-in")}
          title={t("resources.zoom-in")}
        >
          <ZoomIn className="size-4" aria-hidden />
        </button>
        <a
          href={image?.url}
          target="_blank"
          rel="noreferrer noopener"
          className={BUTTON}
          aria-label={t("memo.open-original")}
          title={t("memo.open-original")}
        >
          <ExternalLink className="size-4" aria-hidden />
        </a>
        <button type="button" autoFocus className={BUTTON} onClick={onClose} aria-label={t("common.close")} title={t("common.close")}>
          <X className="size-5" aria-hidden />
        </button>
      </div>
      {images.length > 1 ? (
        <>
          <button
            type="button"
            className={`${BUTTON} absolute top-1/2 left-3 -translate-y-1/2`}
            onClick={() => step(-1)}
            aria-label={t("resources.previous")}
            title={t("resources.previous")}
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            className={`${BUTTON} absolute top-1/2 right-3 -translate-y-1/2`}
            onClick={() => step(1)}
            aria-label={t("resources.next")}
            title={t("resources.next")}
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </>
      ) : null}
      <p className="absolute bottom-4 left-1/2 max-w-[80vw] -translate-x-1/2 truncate rounded-full bg-black/50 px-3 py-1 text-xs text-white">
        {image?.name}
        {images.length > 1 ? ` · ${t("resources.position", { index: index + 1, total: images.length })}` : ""}
      </p>
    </dialog>
  );
}
