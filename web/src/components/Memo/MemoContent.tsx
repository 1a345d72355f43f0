// A memo's rendered content: folded at the first rule or by length when folding is on, todos that toggle, double-click to edit.
import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { foldMemo } from "../../markdown/fold";
import { Markdown } from "../../markdown/Markdown";
import { usePreferences } from "../../state/preferences";

export interface MemoContentProps {
  content: string;
  onTagClick?: (tag: string) => void;
  onTodoToggle?: (index: number, checked: boolean) => void;
  onImageClick?: (src: string) => void;
  onEdit?: () => void;
  /** Search terms to mark (searchMarks.ts). */
  marks?: readonly string[];
}

export function MemoContent({ content, onTagClick, onTodoToggle, onImageClick, onEdit, marks }: MemoContentProps) {
  const { t } = useTranslation();
  const foldEnabled = usePreferences((state) => state.localSetting.enableFoldMemo);
  const [expanded, setExpanded] = useState(false);
  const folded = foldEnabled ? foldMemo(content) : null;
  const shown = folded !== null && !expanded ? folded : content;

  return (
    <div>
      <div
        onDoubleClick={
          onEdit
            ? (event) => {
                // Double-clicking selects a word too; editing wins, unless the click was on a control.
                if ((event.target as HTMLElement).closest("a, button, input")) return;
                window.getSelection()?.removeAllRanges();
                onEdit();
              }
            : undefined
        }
      >
        <Markdown
          content={shown}
          onTagClick={onTagClick}
          onTodoToggle={onTodoToggle}
          onImageClick={onImageClick}
          marks={marks}
          className="text-[15px]"
        />
      </div>
      {folded !== null ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 inline-flex items-center gap-1 rounded px-1 text-xs font-medium text-zinc-600 transition-colors duration-200 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {expanded ? t("memo.show-less") : t("memo.show-more")}
          {expanded ? <ChevronUp className="size-3.5" aria-hidden /> : <ChevronDown className="size-3.5" aria-hidden />}
        </button>
      ) : null}
    </div>
  );
}
