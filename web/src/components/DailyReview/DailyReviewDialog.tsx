// Daily review: the signed-in user's memos of one local day, oldest first, with day stepping, a date picker
// and an export of the day as a PNG.
import { ChevronLeft, ChevronRight, ImageDown } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDailyReviewMemos } from "../../queries/memos";
import { errorMessage } from "../../api/errorMessage";
import { toast } from "../../state/toast";
import { MemoContent } from "../Memo/MemoContent";
import { attachmentsToShow, MemoResources } from "../Memo/MemoResources";
import { Button, IconButton } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { ListState } from "../ui/ListState";
import { Spinner } from "../ui/Spinner";
import { formatClock, formatDate } from "../../utils/time";
import type { StackDialogProps } from "../../state/dialogs";
import { downloadBlob, imageFilename, renderPng } from "../../utils/exportImage";
import { dayRange, fromDateInput, oldestFirst, shiftDay, toDateInput, today } from "./dayRange";

export default function DailyReviewDialog({ onClose }: StackDialogProps) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState<Date>(today);
  const [exporting, setExporting] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const now = today();
  const isToday = day.getTime() === now.getTime();

  const params = useMemo(() => ({ rowStatus: "NORMAL" as const, ...dayRange(day) }), [day]);
  const query = useDailyReviewMemos(params);
  const memos = useMemo(() => oldestFirst(query.data ?? []), [query.data]);

  const heading = formatDate(day.getTime(), i18n.language, "long-day");

  const exportImage = async () => {
    if (!sheet.current) return;
    setExporting(true);
    try {
      downloadBlob(await renderPng(sheet.current), imageFilename(`daily-review-${toDateInput(day)}`));
      toast.success(t("message.image-downloaded"));
    } catch (error) {
      toast.error(`${t("message.image-export-failed")}: ${errorMessage(error, t)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t("daily-review.title")} size="md">
      <div className="mb-3 flex flex-wrap items-center gap-1.5">
        <IconButton label={t("daily-review.previous-day")} onClick={() => setDay(shiftDay(day, -1))}>
          <ChevronLeft className="size-4" aria-hidden />
        </IconButton>
        <input
          type="date"
          aria-label={t("daily-review.pick-date")}
          value={toDateInput(day)}
          max={toDateInput(now)}
          onChange={(event) => {
            const picked = fromDateInput(event.target.value);
            if (picked) setDay(picked);
          }}
          className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm text-zinc-700 outline-none focus:border-green-600 focus:ring-2 focus:ring-green-600/30 max-sm:h-10 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-200 dark:[color-scheme:dark]"
        />
        <IconButton label={t("daily-review.next-day")} onClick={() => setDay(shiftDay(day, 1))} disabled={day >= now}>
          <ChevronRight className="size-4" aria-hidden />
        </IconButton>
        {isToday ? null : (
          <Button variant="ghost" onClick={() => setDay(now)}>
            {t("daily-review.today")}
          </Button>
        )}
        <Button
          variant="secondary"
          className="ml-auto"
          title={t("daily-review.export")}
          onClick={() => void exportImage()}
          disabled={exporting || memos.length === 0}
          icon={exporting ? <Spinner className="size-4" /> : <ImageDown className="size-4" aria-hidden />}
        >
          <span className="max-sm:sr-only">{exporting ? t("daily-review.exporting") : t("daily-review.export")}</span>
        </Button>
      </div>
      <div ref={sheet} className="rounded-xl border border-zinc-200 bg-white px-4 py-4 dark:border-zinc-700 dark:bg-zinc-800">
        <div className="mb-3 flex items-baseline justify-between gap-3 border-b border-zinc-100 pb-3 dark:border-zinc-700">
          <h3 className="text-base font-semibold text-zinc-800 dark:text-zinc-100">{heading}</h3>
          {memos.length ? (
            <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">{t("daily-review.count", { count: memos.length })}</span>
          ) : null}
        </div>
        <ListState look="page" pending={query.isPending} error={query.error} count={memos.length} empty={t("daily-review.empty")}>
          <ol className="flex flex-col">
            {memos.map((memo, index) => (
              <li key={memo.id} className="grid grid-cols-[3rem_1fr] gap-3">
                <time
                  dateTime={new Date(memo.displayTs * 1000).toISOString()}
                  className="pt-[5px] text-xs text-zinc-600 tabular-nums dark:text-zinc-400"
                >
                  {formatClock(memo.displayTs * 1000)}
                </time>
                <div
                  className={`min-w-0 ${index < memos.length - 1 ? "mb-3 border-b border-dashed border-zinc-200 pb-3 dark:border-zinc-700" : ""}`}
                >
                  <MemoContent content={memo.content} />
                  <MemoResources resources={attachmentsToShow(memo.content, memo.resourceList)} />
                </div>
              </li>
            ))}
          </ol>
        </ListState>
      </div>
    </Dialog>
  );
}
