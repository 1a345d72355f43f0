// The dialog stack in the address: `?dialog=setting` (several: `?dialog=setting,about`, the last on top). Opening a
// dialog adds a history entry, so the browser's Back closes the top dialog instead of leaving the page; a link or a
// reload with `?dialog=` opens it. Closing a dialog (Esc, its button) goes back over the entry it added.
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { type DialogName, isMemoHistoryDialog, type PlainDialogName, useDialogs } from "../../state/dialogs";

const PARAM = "dialog";
const NAMES: readonly PlainDialogName[] = [
  "daily-review",
  "resources",
  "setting",
  "archived",
  "trash",
  "calendar",
  "inbox",
  "about",
  "keyboard-shortcuts",
];

/** The stack a search string names (unknown names are left out). */
export function stackOf(search: string): DialogName[] {
  const value = new URLSearchParams(search).get(PARAM) ?? "";
  return value.split(",").filter((name): name is DialogName => (NAMES as readonly string[]).includes(name) || isMemoHistoryDialog(name));
}

/** The search string with `stack` as its dialogs (none: the parameter left out). */
export function searchWith(search: string, stack: readonly DialogName[]): string {
  const params = new URLSearchParams(search);
  if (stack.length > 0) params.set(PARAM, stack.join(","));
  else params.delete(PARAM);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => name === b[i]);

export function useDialogHistory(): void {
  const stack = useDialogs((state) => state.stack);
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = stackOf(location.search);
  const urlKey = inUrl.join(",");
  // The stack both sides last agreed on: whichever side differs from it is the one that changed.
  const agreed = useRef<string | null>(null);
  // Our own navigation in flight (from → to): a Back (navigate(-1)) lands a moment later, and a dialog opened
  // meanwhile (Esc then `?` at once) must not be mistaken for the address changing back.
  const inFlight = useRef<{ from: string; to: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the two stacks; the rest is read fresh
  useEffect(() => {
    const storeKey = stack.join(",");
    const pending = inFlight.current;
    if (pending !== null) {
      if (urlKey === pending.from) return; // not landed yet: the store's changes wait for it
      inFlight.current = null;
      if (urlKey === pending.to) agreed.current = urlKey;
    }
    if (agreed.current === null || urlKey !== agreed.current) {
      // The address changed (Back, Forward, a link, a reload): the dialogs follow it.
      agreed.current = urlKey;
      if (!same(stack, inUrl)) useDialogs.setState({ stack: inUrl });
      return;
    }
    if (storeKey === agreed.current) return;
    // A dialog opened or closed in the app: the address follows.
    const state = (location.state ?? {}) as { dialogEntry?: boolean };
    agreed.current = storeKey;
    const closedTop = stack.length < inUrl.length && same(stack, inUrl.slice(0, stack.length));
    if (stack.length > inUrl.length && same(inUrl, stack.slice(0, inUrl.length))) {
      navigate({ search: searchWith(location.search, stack), hash: location.hash }, { state: { dialogEntry: true } });
    } else if (closedTop && state.dialogEntry && inUrl.length - stack.length === 1) {
      inFlight.current = { from: urlKey, to: storeKey };
      navigate(-1);
    } else {
      navigate({ search: searchWith(location.search, stack), hash: location.hash }, { replace: true, state: location.state });
    }
  }, [stack, urlKey]);
}
