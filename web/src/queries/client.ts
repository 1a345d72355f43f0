import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { CACHE_MAX_AGE_MS } from "../offline/persistence";

export const queryClient = new QueryClient({
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
