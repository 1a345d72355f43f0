// A long press by touch or pen (half a second, or the phone's own long-press gesture, whichever comes first): runs
// `onLongPress`, keeps the phone's menu from opening, and lets the click that ends it be told apart (`consumed`), so
// the press does not also act. A mouse is left alone (its hover shows what a long press would).
import { type MouseEvent, useEffect, useRef } from "react";

const HOLD_MS = 500;

export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touching = useRef(false);
  const fired = useRef(false);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  const fire = () => {
    cancel();
    if (fired.current) return;
    fired.current = true;
    onLongPress();
  };
  return {
    handlers: {
      onPointerDown: (event: { pointerType: string }) => {
        fired.current = false;
        touching.current = event.pointerType !== "mouse";
        cancel();
        if (touching.current) timer.current = setTimeout(fire, HOLD_MS);
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
      onContextMenu: (event: MouseEvent) => {
        if (!touching.current) return;
        event.preventDefault();
        fire();
      },
    },
    /** True once, for the click ending a long press. */
    consumed: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
