// The one text box of the app: compact, 40 px tall on phones (docs/design.md#controls-and-touch-targets), red when
// its value is refused.
import type { ComponentProps } from "react";

/** The text box's look, for the controls that are not an <input> but should look like one (a textarea). */
export const TEXT_INPUT_CLASS =
  "h-9 w-full min-w-0 rounded-lg border border-zinc-300 bg-white px-2.5 text-sm text-zinc-800 placeholder:text-zinc-400 focus:border-accent focus:outline-none max-sm:h-10 dark:[color-scheme:dark] dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500";

const INVALID_CLASS = "border-red-500 dark:border-red-500";

export interface TextInputProps extends ComponentProps<"input"> {
  /** The value is refused: a red border and aria-invalid; the words saying why are the caller's (see Field). */
  invalid?: boolean;
}

export function TextInput({ invalid = false, className = "", ...rest }: TextInputProps) {
  return (
    <input
      aria-invalid={invalid ? true : undefined}
      className={`${TEXT_INPUT_CLASS} ${invalid ? INVALID_CLASS : ""} ${className}`}
      {...rest}
    />
  );
}
