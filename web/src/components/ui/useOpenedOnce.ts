// For a dialog whose code loads on first use: whether it has been opened yet. From then on it stays mounted, so it
// closes as a mounted dialog does and opens again at once.
import { useState } from "react";

/** False until `open` is first true, then true for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
