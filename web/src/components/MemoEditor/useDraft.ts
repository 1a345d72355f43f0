// The new-memo draft survives a reload: it lives in localStorage under editorContentCache.
import { useCallback, useEffect, useRef, useState } from "react";
import { storage } from "../../state/storage";

const DRAFT_KEY = "editorContentCache";
const WRITE_DELAY_MS = 300;

/** Content state; when `persist` is set it starts from, and is written back to, the stored draft. */
export function useDraft(initial: string, persist: boolean) {
  const [content, setContent] = useState(() => (persist ? storage.get<string>(DRAFT_KEY, "") || initial : initial));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!persist) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (content) storage.set(DRAFT_KEY, content);
      else storage.remove(DRAFT_KEY);
    }, WRITE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [content, persist]);

  // Write a pending draft at once when the page goes away.
  useEffect(() => {
    if (!persist) return;
    const flush = () => {
      if (content) storage.set(DRAFT_KEY, content);
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, [content, persist]);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setContent("");
    if (persist) storage.remove(DRAFT_KEY);
  }, [persist]);

  return { content, setContent, clear };
}
