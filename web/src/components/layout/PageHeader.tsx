// The main column's header: the menu button (phones), the page title and the search box. It stays at the top.
import { Menu as MenuIcon } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { QuickFilterMenu } from "./QuickFilterMenu";
import { SearchBox } from "./SearchBox";

interface PageHeaderProps {
  title?: ReactNode;
  search?: boolean;
  actions?: ReactNode;
  menuButton?: { ref: RefObject<HTMLButtonElement | null>; onClick: () => void; expanded: boolean; label: string };
}

export function PageHeader({ title, search = true, actions, menuButton }: PageHeaderProps) {
  return (
    // On phones the search gets a row of its own below the title, so neither is squeezed.
    <header className="sticky top-0 z-30 -mx-3 mb-3 flex flex-wrap items-center gap-2 bg-zinc-100/90 px-3 py-2 backdrop-blur sm:-mx-4 sm:h-14 sm:flex-nowrap sm:px-4 sm:py-0 dark:bg-zinc-900/90">
      {menuButton ? (
        <button
          ref={menuButton.ref}
          type="button"
          onClick={menuButton.onClick}
          aria-label={menuButton.label}
          aria-expanded={menuButton.expanded}
          className="-ml-2 flex size-10 shrink-0 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          <MenuIcon className="size-5" aria-hidden />
        </button>
      ) : null}
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-zinc-800 dark:text-zinc-100">{title}</h1>
      {search ? (
        <div className="order-last flex w-full items-center gap-2 sm:order-none sm:w-auto">
          <SearchBox />
          <QuickFilterMenu />
        </div>
      ) : null}
      {actions}
    </header>
  );
}
