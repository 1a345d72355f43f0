import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { CACHE_MAX_AGE_MS } from "../offline/persistence";
import { toastMutationError } from "./errorToast";
import { keys } from "./keys";

/**
 * A signed-in page whose session ended elsewhere (signed out from another device, a new password set there): the
 * next request it makes is a 401, and the page goes to sign-in, coming back here after it.
 */
function onSessionEnded(error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || error.reason !== "auth.unauthenticated") return;
  if (!queryClient.getQueryData(keys.me)) return;
  queryClient.setQueryData(keys.me, null);
  window.location.assign(`/auth?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onSessionEnded }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      toastMutationError(error, mutation.meta);
      onSessionEnded(error);
    },
  }),
  defaultOptions: {
    // Writes run offline too: memo writes then go to the outbox (src/offline/outbox), others fail with a message
    // instead of waiting unseen for a network.
    mutations: { networkMode: "always" },
    queries: {
      refetchOnWindowFocus: false,
      // Kept as long as the copy in IndexedDB, so what was seen stays for the next offline start.
      gcTime: CACHE_MAX_AGE_MS,
      // A 4xx will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
