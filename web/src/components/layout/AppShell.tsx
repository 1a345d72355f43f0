// The page frame. Desktop (≥1024 px): the sidebar fixed on the left (260 px) and one main column
// (≤680 px) centred in the remaining space. Smaller screens: the sidebar becomes a drawer opened from the
// header's menu button. The header holds the page title and the search box.
import { X } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDialogs } from "../../state/dialogs";
import { useLocation } from "react-router";
import { DialogHost } from "../dialogs/DialogHost";
import { useKeyboardShortcuts } from "../keyboard/useKeyboardShortcuts";
import { PageHeader } from "./PageHeader";
import { DESKTOP_QUERY, useMediaQuery } from "./useMediaQuery";

interface AppShellProps {
  children: ReactNode;
  /** The sidebar (usually `<Sidebar />`); without it there is no drawer and the column fills the page. */
  sidebar?: ReactNode;
  /** The page title in the header; without a title and search there is no header. */
  title?: ReactNode;
  /** Show the search box in the header (default: true when there is a sidebar). */
  search?: boolean;
  /** Extra controls at the end of the header. */
  actions?: ReactNode;
}

// Visible at once when opening (so focus can move in); hidden only after sliding out.
const DRAWER_OPEN = "visible translate-x-0 shadow-xl transition-transform";
const DRAWER_CLOSED = "transition-[transform,visibility] max-lg:invisible max-lg:-translate-x-full";

/** Escape closes the drawer, unless it is meant for a dialog or a menu inside it. */
const escapeIsForDrawer = (event: KeyboardEvent) =>
  event.key === "Escape" && !event.defaultPrevented && !(event.target instanceof Element && event.target.closest("dialog,[role=menu]"));

export function AppShell({ children, sidebar, title, search, actions }: AppShellProps) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const drawer = Boolean(sidebar) && !desktop;
  const showSearch = search ?? Boolean(sidebar);
  useKeyboardShortcuts();

  const refocus = useRef(false);

  const close = useCallback(() => {
    refocus.current = true;
    setOpen(false);
  }, []);

  // Back to the menu button once the page is no longer inert.
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    menuButton.current?.focus();
  }, [open]);

  // Navigating (a link, a tag, a shortcut) or opening a dialog from the sidebar closes the drawer.
  const dialogCount = useDialogs((state) => state.stack.length);
  // biome-ignore lint/correctness/useExhaustiveDependencies: these changes are what close the drawer
  useEffect(() => setOpen(false), [location.pathname, location.search, dialogCount]);
  useEffect(() => {
    if (desktop) setOpen(false);
  }, [desktop]);

  useEffect(() => {
    if (!open || !drawer) return;
    closeButton.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (escapeIsForDrawer(event)) close();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [open, drawer, close]);

  const drawerOpen = open && drawer;
  return (
    <div className="min-h-dvh w-full overflow-x-clip">
      {/* The first Tab stop: past the sidebar's links straight to the page's content. */}
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
        className="sr-only z-[70] rounded-lg bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 dark:bg-zinc-800 dark:text-zinc-100"
      >
        {t("common.skip-to-memos")}
      </a>
      {sidebar ? (
        <>
          {drawerOpen ? <div aria-hidden className="fixed inset-0 z-40 bg-black/40 lg:hidden" onClick={close} /> : null}
          <aside
            aria-label={t("sidebar.label")}
            role={drawerOpen ? "dialog" : undefined}
            aria-modal={drawerOpen ? true : undefined}
            className={`fixed inset-y-0 left-0 z-50 flex w-[280px] max-w-[85vw] flex-col overflow-y-auto overscroll-contain bg-zinc-100 duration-200 dark:bg-zinc-900 lg:w-[260px] lg:max-w-none lg:translate-x-0 lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800 ${
              drawerOpen ? DRAWER_OPEN : DRAWER_CLOSED
            }`}
          >
            {drawer ? (
              <div className="flex justify-end px-2 pt-2">
                <button
                  ref={closeButton}
                  type="button"
                  onClick={close}
                  aria-label={t("sidebar.close-menu")}
                  className="flex size-10 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-200 dark:hover:bg-zinc-800"
                >
                  <X className="size-5" aria-hidden />
                </button>
              </div>
            ) : null}
            {sidebar}
          </aside>
        </>
      ) : null}
      <div className={sidebar ? "lg:pl-[260px]" : ""} inert={drawerOpen}>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[680px] px-3 pb-12 focus:outline-none sm:px-4">
          {title !== undefined || showSearch || drawer ? (
            <PageHeader
              title={title}
              search={showSearch}
              actions={actions}
              menuButton={
                drawer ? { ref: menuButton, onClick: () => setOpen(true), expanded: open, label: t("sidebar.open-menu") } : undefined
              }
            />
          ) : (
            <div className="h-4" />
          )}
          {children}
        </main>
      </div>
      <DialogHost />
    </div>
  );
}
