// Arrow-key movement between the items of an open menu (wrapping), shared by every menu.

const MOVES = new Set(["ArrowDown", "ArrowUp", "Home", "End"]);

/** Moves focus for ArrowDown/ArrowUp/Home/End among `selector` items in `list`; true when the key was handled. */
export function moveMenuFocus(list: HTMLElement | null, selector: string, key: string): boolean {
  if (!MOVES.has(key)) return false;
  const items = Array.from(list?.querySelectorAll<HTMLElement>(selector) ?? []);
  if (items.length === 0) return true;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    key === "Home" ? 0 : key === "End" ? last : key === "ArrowDown" ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1;
  items[next]?.focus();
  return true;
}
