// An <img> that tries again when the browser comes back online: a picture that failed to load while offline
// (a memo card scrolled into view, a resource tile) would otherwise stay broken until the page is reloaded.
import { type ComponentProps, type SyntheticEvent, useEffect, useState } from "react";

export function RetryingImage({ onError, ...props }: ComponentProps<"img">) {
  const [failed, setFailed] = useState(false);
  // A new element asks the server again (the browser keeps no failed image in its memory cache).
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      setFailed(false);
      setAttempt((current) => current + 1);
    };
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failed]);

  const failedToLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    setFailed(true);
    onError?.(event);
  };
  return <img key={attempt} {...props} onError={failedToLoad} />;
}
