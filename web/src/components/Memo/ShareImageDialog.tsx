// Share a memo: a card rendered to a PNG in the browser (download, or copy where the browser can), plus the
// memo's link and embed code.
import type { Memo } from "@memos/common";
import { Code2, Copy, Download, Link2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { copyShare } from "./useMemoActions";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import { canCopyImage, copyPng, downloadBlob, imageFilename, renderPng } from "../../utils/exportImage";
import { ShareCard } from "./ShareCard";

export interface ShareImageDialogProps {
  memo: Memo;
  onClose: () => void;
}

type Busy = "download" | "copy" | null;

export default function ShareImageDialog({ memo, onClose }: ShareImageDialogProps) {
  const { t } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  const rendered = useRef<Promise<Blob> | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [copyable] = useState(canCopyImage);

  /** The PNG, rendered once and reused; a failed render is tried again next time. */
  const png = (): Promise<Blob> => {
    if (!rendered.current) {
      const node = card.current;
      rendered.current = node ? renderPng(node) : Promise.reject(new Error("nothing to render"));
      rendered.current.catch(() => {
        rendered.current = null;
      });
    }
    return rendered.current;
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>, success: string) => {
    setBusy(kind);
    try {
      await work();
      toast.success(success);
    } catch (error) {
      toast.error(`${t("message.image-export-failed")}: ${errorMessage(error, t)}`);
    } finally {
      setBusy(null);
    }
  };

  const download = () =>
    run(
      "download",
      async () => {
        downloadBlob(await png(), imageFilename(`memo-${memo.id}`));
      },
      t("message.image-downloaded"),
    );

  // The clipboard write starts inside the click (Safari needs that); the image arrives when rendered.
  const copyImage = () => run("copy", () => copyPng(png()), t("message.image-copied"));

  const spinner = <Spinner className="size-4" />;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t("share.title")}
      size="md"
      footer={
        <>
          {copyable ? (
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => void copyImage()}
              icon={busy === "copy" ? spinner : <Copy className="size-4" aria-hidden />}
            >
              {t("share.copy-image")}
            </Button>
          ) : null}
          <Button
            variant="primary"
            disabled={busy !== null}
            onClick={() => void download()}
            icon={busy === "download" ? spinner : <Download className="size-4" aria-hidden />}
          >
            {busy === "download" ? t("share.rendering") : t("share.download")}
          </Button>
        </>
      }
    >
      {/* The page colour runs to the edges, so the card reads as it will in the image. */}
      <div className="-mx-4 -my-3 flex min-h-[calc(100%+1.5rem)] flex-col bg-zinc-100 pb-3 dark:bg-zinc-900">
        <div role="group" aria-label={t("share.preview")}>
          <ShareCard ref={card} memo={memo} />
        </div>
        {memo.visibility === "PRIVATE" ? (
          <p className="px-4 pb-1 text-center text-xs text-zinc-600 dark:text-zinc-400">{t("share.private-note")}</p>
        ) : null}
        <div className="flex flex-wrap justify-center gap-1 px-4">
          <Button variant="ghost" icon={<Link2 className="size-4" aria-hidden />} onClick={() => copyShare(memo, "link")}>
            {t("share.copy-link")}
          </Button>
          <Button variant="ghost" icon={<Code2 className="size-4" aria-hidden />} onClick={() => copyShare(memo, "embed")}>
            {t("share.copy-embed")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
