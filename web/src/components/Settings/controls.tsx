// Building blocks of the settings sections: a titled group, a labelled row, a switch, a text field with its
// error, and a copy button. All compact, 40 px touch targets on phones (docs/design.md#controls-and-touch-targets).
import { Check, Copy } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { copyWithToast } from "../../utils/clipboard";
import { Button } from "../ui/Button";

export const INPUT =
  "h-9 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-2.5 text-sm text-zinc-800 placeholder:text-zinc-400 focus:border-accent focus:outline-none max-sm:h-10 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500";

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

export function Switch({
  checked,
  onChange,
  labelledBy,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelledBy: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors duration-200 disabled:opacity-50 max-sm:my-2 ${checked ? "bg-green-600" : "bg-zinc-300 dark:bg-zinc-600"}`}
    >
      <span
        aria-hidden
        className={`inline-block size-5 rounded-full bg-white shadow-sm transition-transform duration-200 ${checked ? "translate-x-[18px]" : "translate-x-0.5"}`}
      />
    </button>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
}

/** A labelled text input with its rule message underneath. */
export function Field({ label, value, onChange, error, hint, className = "", ...rest }: FieldProps) {
  const id = useId();
  const messageId = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`${INPUT} ${error ? "border-red-500 dark:border-red-500" : ""}`}
        {...rest}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Copies `text`, says "Copied" in a toast and shows a check for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(timer);
  }, [done]);

  const copy = async () => setDone(await copyWithToast(text));
  return (
    <Button
      onClick={() => void copy()}
      aria-label={label}
      icon={done ? <Check className="size-4 text-green-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
    >
      {done ? t("message.copied") : t("setting.copy")}
    </Button>
  );
}
