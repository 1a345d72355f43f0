// Drafts survive a reload or a closed tab: the new memo's under editorContentCache, an edit in progress under
// editorContentCache:<memo id> (the card reopens its editor when it finds one), both in localStorage.
import { useCallback, useEffect, useRef, useState } from "react";
import { storage } from "../../state/storage";

const NEW_MEMO_KEY = "editorContentCache";
const WRITE_DELAY_MS = 300;

/** Where the draft of the new memo (no id) or of an edit of memo `id` is kept. */
export const draftKey = (memoId?: number) => (memoId === undefined ? NEW_MEMO_KEY : `${NEW_MEMO_KEY}:${memoId}`);

/** Whether an edit of this memo was left unsaved. */
export const hasEditDraft = (memoId: number) => storage.get<string>(draftKey(memoId), "") !== "";

/** Content state starting from the stored draft (else `initial`), written back while it differs from `initial`. */
export function useDraft(initial: string, key: string) {
  const [content, setContent] = useState(() => storage.get<string>(key, "") || initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const write = useCallback(
    (value: string) => {
      if (value && value !== initial) storage.set(key, value);
      else storage.remove(key);
    },
    [initial, key],
  );

  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(content), WRITE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [content, write]);

  // Write a pending draft at once when the page goes away.
  useEffect(() => {
    const flush = () => write(content);
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [content, write]);

  /** Forgets the draft (saved, or the edit cancelled). */
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setContent("");
    storage.remove(key);
  }, [key]);

  return { content, setContent, clear };
}
