// The query cache kept in IndexedDB, one copy per signed-in user, so the app opens offline on the memos seen
// before. The copy follows the `me` query: a new user gets their own copy, signing out deletes the last one.
import type { User } from "@memos/common";
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { createStore, del, get, set } from "idb-keyval";
import { storage } from "../state/storage";
import { markCopySaved } from "./offlineReady";

/** Who was signed in last: whose copy to restore before the network answers (or when it never does). */
const LAST_USER_KEY = "offlineUserId";
/** Raise when the shape of what is cached changes: older copies are then dropped. */
const BUSTER = "1";
/** A week: older copies are dropped on restore; the client keeps queries as long (see queries/client.ts). */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 500;

let idbStore: ReturnType<typeof createStore> | null = null;
const cacheStore = () => {
  idbStore ??= createStore("memos-query-cache", "clients");
  return idbStore;
};

const cacheKey = (userId: number) => `user-${userId}`;

/** What is stored: TanStack Query's own dehydrated cache, with when and under which shape it was saved. */
interface SavedCache {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

/** Only what a page shows from our server; third-party answers and one-off reads are not kept. */
const worthKeeping = (key: readonly unknown[]) =>
  ["status", "me", "memos", "tags", "shortcuts", "user", "users", "resources"].includes(String(key[0]));

export const lastUserId = (): number | null => storage.get<number | null>(LAST_USER_KEY, null);

/** Puts the last user's copy back into the cache (before the first request); resolves once done, never fails. */
export async function restoreCache(client: QueryClient): Promise<void> {
  const userId = lastUserId();
  if (userId === null) return;
  try {
    const saved = await get<SavedCache>(cacheKey(userId), cacheStore());
    if (!saved) return;
    if (saved.buster !== BUSTER || Date.now() - saved.timestamp > CACHE_MAX_AGE_MS) await del(cacheKey(userId), cacheStore());
    else {
      // A copy saved while a request was in flight says "fetching": no request is in flight now, and a query
      // that believes one is would wait for it forever.
      for (const query of saved.clientState.queries) query.state.fetchStatus = "idle";
      hydrate(client, saved.clientState);
    }
  } catch (error) {
    console.error("could not restore the offline cache", error);
  }
}

/**
 * Saves the cache (shortly after it changes, and when the page is hidden) under the signed-in user, and deletes
 * that copy when the user signs out. Returns the function that stops it.
 */
export function keepCache(client: QueryClient): () => void {
  let userId = lastUserId();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (userId === null) return;
    const clientState = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.data !== undefined && worthKeeping(query.queryKey),
      shouldDehydrateMutation: () => false,
    });
    const saved: SavedCache = { timestamp: Date.now(), buster: BUSTER, clientState };
    const owner = userId;
    // Ready for offline once a copy holding a memo list is on the device (a page without one saves too).
    const holdsMemos = clientState.queries.some((query) => query.queryKey[0] === "memos" && query.queryKey[1] === "list");
    void set(cacheKey(owner), saved, cacheStore())
      .then(() => {
        if (holdsMemos && owner === userId) markCopySaved(true);
      })
      .catch((error: unknown) => console.error("could not save the offline cache", error));
  };

  const followUser = () => {
    const next = client.getQueryData<User | null>(["me"])?.id ?? null;
    if (next === userId) return;
    const previous = userId;
    userId = next;
    // A new user is ready once their own copy is saved; with nobody signed in there is nothing to open offline.
    markCopySaved(false);
    if (next === null) {
      storage.remove(LAST_USER_KEY);
      // Signed out (or the session ended): this device keeps nothing of that user's server data.
      if (previous !== null) void del(cacheKey(previous), cacheStore()).catch(() => undefined);
    } else {
      storage.set(LAST_USER_KEY, next);
    }
  };

  followUser();
  markCopySaved(false);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === "me") followUser();
    if (event.type === "updated" || event.type === "removed" || event.type === "added") {
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    }
  });
  const onHide = () => {
    if (document.visibilityState === "hidden" && timer !== undefined) save();
  };
  document.addEventListener("visibilitychange", onHide);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onHide);
  };
}
