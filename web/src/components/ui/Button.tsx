// Buttons in the compact size the design asks for: primary (green), secondary (outlined), ghost and danger.
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-green-700 text-white hover:bg-green-800 disabled:bg-green-700/50 dark:disabled:bg-green-700/40",
  secondary:
    "border border-zinc-300 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700",
  ghost: "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700/60",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/50",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  icon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", icon, className = "", children, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`inline-flex h-8 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors duration-200 disabled:cursor-not-allowed max-sm:h-10 ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {icon}
      {children}
    </button>
  );
});

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name (and tooltip): icon-only buttons always have one. */
  label: string;
  active?: boolean;
}

/** A square icon-only button, 2rem (30 px at the desktop's root font; 40 px on phones for touch). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, active = false, className = "", children, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-zinc-600 transition-colors duration-200 hover:bg-zinc-100 hover:text-zinc-800 disabled:cursor-not-allowed disabled:opacity-50 max-sm:size-10 dark:text-zinc-400 dark:hover:bg-zinc-700/60 dark:hover:text-zinc-100 ${active ? "bg-zinc-100 text-zinc-800 dark:bg-zinc-700/60 dark:text-zinc-100" : ""} ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
});
