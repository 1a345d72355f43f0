import { Plus } from "lucide-react";

/** A sidebar section title with its + button. */
export function SectionHeader({ id, title, addLabel, onAdd }: { id: string; title: string; addLabel: string; onAdd: () => void }) {
  return (
    <div className="flex items-center justify-between pl-2">
      <h2 id={id} className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
        {title}
      </h2>
      <button
        type="button"
        onClick={onAdd}
        aria-label={addLabel}
        title={addLabel}
        className="flex size-10 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200 hover:text-zinc-800 lg:size-8 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** The small "more" button of a list row: always shown on touch screens, on hover or focus elsewhere. */
export const ROW_MENU_TRIGGER =
  "opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 focus-visible:opacity-100 aria-expanded:opacity-100 pointer-coarse:opacity-100";
