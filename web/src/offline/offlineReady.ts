// Whether this device can open the app offline now: the service worker is active (it activates only after it has
// precached the whole app shell, so a reload without a network is served by it, not met by the browser's error
// page) and, for a signed-in user, a copy of their memos is saved in IndexedDB. Until both hold the app does not
// say it works offline: a reload offline a moment after the very first load would find nothing to open.
import { create } from "zustand";

interface OfflineReadiness {
  /** The service worker controls navigations from the next load on (its precache is complete). */
  shell: boolean;
  /** The signed-in user's memos are saved on this device (never true with nobody signed in: nothing to open). */
  copy: boolean;
}

export const useOfflineReadiness = create<OfflineReadiness>(() => ({ shell: false, copy: false }));

/** Both parts hold: the app may say it works offline. */
export const isOfflineReady = (state: OfflineReadiness): boolean => state.shell && state.copy;

/** Records whether the signed-in user's copy (with their memos) is saved; persistence calls it after each save. */
export const markCopySaved = (saved: boolean): void => useOfflineReadiness.setState({ copy: saved });

/** Resolves once `worker` has finished activating (an installed worker activates after its precache is complete). */
function activated(worker: ServiceWorker): Promise<void> {
  if (worker.state === "activated") return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (worker.state !== "activated") return;
      worker.removeEventListener("statechange", onChange);
      resolve();
    };
    worker.addEventListener("statechange", onChange);
  });
}

/**
 * Follows the service worker of this page's scope until it is active; with no service worker support (or none
 * ever registered) the shell never counts as ready. Returns the function that stops following.
 */
export function watchServiceWorker(): () => void {
  let stopped = false;
  if (!("serviceWorker" in navigator)) return () => undefined;
  void navigator.serviceWorker.ready
    .then((registration) => (registration.active ? activated(registration.active) : undefined))
    .then(() => {
      if (!stopped) useOfflineReadiness.setState({ shell: true });
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
  };
}
