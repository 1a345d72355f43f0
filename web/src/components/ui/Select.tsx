// A compact native select (native keeps keyboard, screen readers and phones right), with a chevron.
import { ChevronDown } from "lucide-react";
import type { ReactNode, SelectHTMLAttributes } from "react";

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> {
  value: T;
  options: SelectOption<T>[];
  onChange: (value: T) => void;
  /** The accessible name when there is no visible label. */
  label: string;
  icon?: ReactNode;
}

export function Select<T extends string>({ value, options, onChange, label, icon, className = "", ...rest }: SelectProps<T>) {
  return (
    <span className={`relative inline-flex items-center ${className}`}>
      {icon ? <span className="pointer-events-none absolute left-2 text-zinc-600 dark:text-zinc-400">{icon}</span> : null}
      <select
        aria-label={label}
        title={label}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={`h-8 cursor-pointer appearance-none rounded-lg border border-transparent bg-transparent pr-7 text-sm text-zinc-600 transition-colors duration-200 hover:bg-zinc-100 max-sm:h-10 dark:[color-scheme:dark] dark:text-zinc-300 dark:hover:bg-zinc-700/60 ${icon ? "pl-7" : "pl-2"}`}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute right-2 size-3.5 text-zinc-400" />
    </span>
  );
}
