import { useEffect, useRef } from "react";

/**
 * Puts focus back on what had it before `open` became true, once the dialog is gone (our dialogs unmount
 * rather than close, so the browser does not do it for us). The element is read while rendering, before
 * the dialog takes focus; it is restored only if focus fell to the page body, never stolen from elsewhere.
 */
export function useRestoreFocus(open: boolean) {
  const previous = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;

  useEffect(() => {
    if (!open) return;
    const target = previous.current;
    return () => {
      requestAnimationFrame(() => {
        const current = document.activeElement;
        if (target?.isConnected && (current === null || current === document.body)) target.focus();
      });
    };
  }, [open]);
}
