// A labelled text box with its rule message (or a hint) underneath, tied to it for screen readers.
import { useId } from "react";
import { TextInput, type TextInputProps } from "./TextInput";

interface FieldProps extends Omit<TextInputProps, "onChange" | "value" | "invalid"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the value is refused, shown (and announced) under the box; null or absent when it is fine. */
  error?: string | null;
  hint?: string;
}

export function Field({ label, value, onChange, error, hint, className = "", ...rest }: FieldProps) {
  const id = useId();
  const messageId = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <TextInput
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        invalid={Boolean(error)}
        aria-describedby={error || hint ? messageId : undefined}
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
