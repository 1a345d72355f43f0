// A drop-down menu with choice (radio) items, groups and items that keep it open (to switch to another
// list), for the user menu. Escape, outside clicks and choosing an item close it; arrow keys move between
// items; focus goes back to the trigger. (Plain action lists use ui/Menu.)
import { Check } from "lucide-react";
import { createContext, type KeyboardEvent, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { moveMenuFocus } from "../ui/menuFocus";

const CloseContext = createContext<() => void>(() => {});

interface ChoiceMenuProps {
  /** The accessible name of the trigger. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  align?: "start" | "end";
  /** Where the list opens relative to the trigger. */
  side?: "bottom" | "top";
  children: ReactNode;
}

const ITEM_SELECTOR = '[role^="menuitem"]:not([disabled])';

export function ChoiceMenu({ label, trigger, triggerClassName = "", align = "end", side = "bottom", children }: ChoiceMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, close]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key === "Tab") {
      close(false);
      return;
    }
    if (moveMenuFocus(list.current, ITEM_SELECTOR, event.key)) event.preventDefault();
  };

  return (
    <div ref={root} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className={`absolute z-40 min-w-44 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-800 ${
            align === "end" ? "right-0" : "left-0"
          } ${side === "top" ? "bottom-full mb-1" : "top-full mt-1"}`}
        >
          <CloseContext.Provider value={close}>{children}</CloseContext.Provider>
        </div>
      ) : null}
    </div>
  );
}

interface ChoiceMenuItemProps {
  onSelect: () => void;
  children: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** For radio-like items (language, appearance): shows a check and sets aria-checked. */
  checked?: boolean;
  /** Keep the menu open after choosing (an item that switches the menu to another list). */
  keepOpen?: boolean;
  /** Shown at the end of the item (a current value, a chevron). */
  end?: ReactNode;
}

export function ChoiceMenuItem({ onSelect, children, icon, danger = false, checked, keepOpen = false, end }: ChoiceMenuItemProps) {
  const close = useContext(CloseContext);
  const radio = checked !== undefined;
  return (
    <button
      type="button"
      role={radio ? "menuitemradio" : "menuitem"}
      aria-checked={radio ? checked : undefined}
      tabIndex={-1}
      onClick={() => {
        if (!keepOpen) close();
        onSelect();
      }}
      className={`flex min-h-10 w-full items-center lg:min-h-9 gap-2 rounded-md px-2 text-left outline-none hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-700 dark:focus-visible:bg-zinc-700 ${
        danger ? "text-red-600 dark:text-red-400" : ""
      }`}
    >
      <span className="flex size-4 shrink-0 items-center justify-center text-zinc-600" aria-hidden>
        {radio ? checked ? <Check className="size-4 text-accent" /> : null : icon}
      </span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {end ? <span className="flex shrink-0 items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">{end}</span> : null}
    </button>
  );
}

/** A labelled group of items, with a divider above all but the first. */
export function ChoiceMenuGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      className="border-zinc-200 py-0.5 not-first:mt-1 not-first:border-t not-first:pt-1 dark:border-zinc-700"
    >
      {label ? <div className="px-2 py-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</div> : null}
      {children}
    </div>
  );
}
