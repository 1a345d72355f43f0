// Building blocks of the settings sections: a titled group and a labelled row. Their controls (Switch, Field,
// TextInput, CopyButton) are the app's own, in components/ui. All compact, 40 px touch targets on phones
// (docs/design.md#controls-and-touch-targets).
import { type ReactNode, useId } from "react";

export const BORDERED_SELECT = "rounded-lg border border-zinc-300 dark:border-zinc-600";

export function SettingGroup({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-zinc-800 dark:text-zinc-100">
          {title}
        </h3>
        {actions}
      </div>
      {description ? <p className="-mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      <div className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-800/60">{children}</div>
    </section>
  );
}

/** One line of a group: a label (and hint) on the left, the control on the right; they stack on phones. */
export function SettingRow({
  label,
  hint,
  htmlFor,
  labelId,
  children,
}: {
  label: string;
  hint?: string;
  htmlFor?: string;
  labelId?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-zinc-100 px-3 py-2.5 last:border-b-0 dark:border-zinc-700/70">
      <div className="min-w-0 flex-1 basis-36">
        <label id={labelId} htmlFor={htmlFor} className="block text-sm text-zinc-800 dark:text-zinc-100">
          {label}
        </label>
        {hint ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
      </div>
      <div className="ml-auto flex max-w-full min-w-0 shrink-0 items-center gap-2">{children}</div>
    </div>
  );
}
