// Share as image (lazy): the memo drawn as a card and turned into a PNG in the browser with html-to-image.
import type { Memo } from "@memos/common";
import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "../../markdown/Markdown";
import { errorMessage, toast } from "../../state/toast";
import { formatFullTime } from "../../utils/time";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Spinner } from "../ui/Spinner";
import { attachmentsToShow, MemoResources } from "./MemoResources";

export default function ShareImageDialog({ memo, onClose }: { memo: Memo; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const name = memo.creator?.nickname || memo.creator?.username || "";

  const download = async () => {
    if (!card.current) return;
    setBusy(true);
    try {
      const { toPng } = await import("html-to-image");
      const dark = document.documentElement.classList.contains("dark");
      const url = await toPng(card.current, { pixelRatio: 2, cacheBust: true, backgroundColor: dark ? "#27272a" : "#ffffff" });
      const link = document.createElement("a");
      link.href = url;
      link.download = `memo-${memo.id}.png`;
      link.click();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("memo.share-image")}
      footer={
        <Button variant="primary" disabled={busy} onClick={() => void download()} icon={busy ? <Spinner className="size-4 text-white" /> : <Download className="size-4" aria-hidden />}>
          {busy ? t("memo.exporting") : t("memo.download-image")}
        </Button>
      }
    >
      <div ref={card} className="rounded-xl border border-zinc-200 bg-white px-5 py-4 dark:border-zinc-700 dark:bg-zinc-800">
        <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{formatFullTime(memo.displayTs * 1000)}</p>
        <Markdown content={memo.content} className="text-[15px]" />
        <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} />
        <p className="mt-4 flex items-center justify-between border-t border-zinc-100 pt-3 text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          <span className="font-medium">@{name}</span>
          <span>{window.location.host}</span>
        </p>
      </div>
    </Dialog>
  );
}
