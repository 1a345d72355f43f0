// Providers and instance-wide effects: language, appearance, title, favicon, the host's style and script.
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { Toaster } from "./components/ui/Toaster";
import { OfflineStatus } from "./offline/OfflineStatus";
import { useInstanceEffects } from "./state/useInstanceEffects";
import { queryClient } from "./queries/client";
import { useLiveUpdates } from "./queries/liveUpdates";
import { appRouter } from "./router";

function InstanceEffects() {
  useInstanceEffects();
  return null;
}

function LiveUpdates() {
  useLiveUpdates();
  return null;
}

const isEmbed = /^\/m\/\d+\/embed\/?$/.test(window.location.pathname);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <InstanceEffects />
      <RouterProvider router={appRouter()} />
      <Toaster />
      {/* Embeds live in other sites' pages: no service worker, no sync state, no live stream there. */}
      {isEmbed ? null : <OfflineStatus />}
      {isEmbed ? null : <LiveUpdates />}
    </QueryClientProvider>
  );
}
