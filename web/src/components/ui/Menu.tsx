// A small dropdown menu: a trigger button and a list of actions, with arrow-key navigation and Esc to close.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { moveMenuFocus } from "./menuFocus";

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  /** Draws a separator above this item. */
  separated?: boolean;
}

export interface MenuProps {
  /** The trigger's accessible name. */
  label: string;
  trigger: ReactNode;
  items: MenuItem[];
  align?: "left" | "right";
  triggerClassName?: string;
  /** Extra classes for the list (e.g. a max height for long lists). */
  listClassName?: string;
}

const ITEM_HEIGHT_PX = 36;

export function Menu({ label, trigger, items, align = "right", triggerClassName = "", listClassName = "" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [upward, setUpward] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (moveMenuFocus(list.current, "[role=menuitem]", event.key)) event.preventDefault();
    else if (event.key === "Escape" || event.key === "Tab") {
      close(event.key === "Escape");
      if (event.key === "Escape") event.preventDefault();
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          // Open upwards when the list would not fit below the trigger.
          const rect = button.current?.getBoundingClientRect();
          const needed = Math.min(items.length * ITEM_HEIGHT_PX + 16, 320);
          if (rect) setUpward(window.innerHeight - rect.bottom < needed && rect.top > window.innerHeight - rect.bottom);
          setOpen((value) => !value);
        }}
        className={`inline-flex size-8 items-center justify-center rounded-lg text-zinc-600 transition-colors duration-200 hover:bg-zinc-100 hover:text-zinc-800 max-sm:size-10 dark:text-zinc-400 dark:hover:bg-zinc-700/60 dark:hover:text-zinc-100 ${triggerClassName}`}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={list}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={`absolute z-30 min-w-52 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 shadow-lg shadow-black/5 dark:border-zinc-700 dark:bg-zinc-800 ${upward ? "bottom-full mb-1" : "top-full mt-1"} ${align === "right" ? "right-0" : "left-0"} ${listClassName}`}
        >
          {items.map((item) => (
            <div key={item.key}>
              {item.separated ? <div role="separator" className="my-1 h-px bg-zinc-100 dark:bg-zinc-700" /> : null}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={`flex w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm whitespace-nowrap transition-colors duration-200 max-sm:py-2.5 focus:outline-none focus-visible:bg-zinc-100 dark:focus-visible:bg-zinc-700 ${item.danger ? "text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-700"}`}
              >
                {item.icon ? <span className="text-current opacity-80 [&>svg]:size-4">{item.icon}</span> : null}
                {item.label}
              </button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
