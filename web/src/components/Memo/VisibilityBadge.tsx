// The small outlined visibility label on a card: PUBLIC green, PROTECTED grey, PRIVATE unmarked.
import type { Visibility } from "@memos/common";
import { useTranslation } from "react-i18next";

const TONES: Partial<Record<Visibility, string>> = {
  PUBLIC: "border-green-600/50 text-green-700 dark:border-green-500/50 dark:text-green-400",
  PROTECTED: "border-zinc-300 text-zinc-600 dark:border-zinc-600 dark:text-zinc-400",
};

export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const { t } = useTranslation();
  const tone = TONES[visibility];
  if (!tone) return null;
  return (
    <span
      title={t(`memo.visibility.${visibility}-hint`)}
      className={`rounded border px-1.5 py-px text-[11px] leading-4 font-medium tracking-wide uppercase ${tone}`}
    >
      {t(`memo.visibility.${visibility}`)}
    </span>
  );
}
