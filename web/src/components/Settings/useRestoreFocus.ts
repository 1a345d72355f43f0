import { useEffect, useRef } from "react";

/**
 * Remembers what had focus when `open` became true and puts focus back there once it is false again (our
 * dialogs unmount rather than close, so the browser does not do it for us).
 */
export function useRestoreFocus(open: boolean) {
  const previous = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      const target = previous.current;
      // After the dialog has left the DOM, so focus does not land in the closing dialog.
      requestAnimationFrame(() => target?.isConnected && target.focus());
    };
  }, [open]);
}
