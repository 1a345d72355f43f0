import { isOwnAccount } from "@memos/common";
import type { QueryKey } from "@tanstack/react-query";
import { onlineManager } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { changeLanguage } from "./i18n";
import "./styles.css";
import { App } from "./App";
import { preloadPage } from "./router";
import { queryClient } from "./queries/client";
import { keys } from "./queries/keys";
import { startOutbox } from "./offline/outbox/store";
import { keepCache, lastUserId, restoreCache } from "./offline/persistence";
import { fetchMe, fetchStatus, userSetting } from "./queries/session";
import { usePreferences } from "./state/preferences";
import { pickLocale } from "./state/useEffectivePreferences";

/** A fresh answer; without a network, the copy restored from this device (or null). */
async function fresh<T>(queryKey: QueryKey, queryFn: () => Promise<T>): Promise<T | null> {
  try {
    return await queryClient.fetchQuery({ queryKey, queryFn, retry: false, networkMode: "always", staleTime: 0 });
  } catch {
    return queryClient.getQueryData<T>(queryKey) ?? null;
  }
}

/**
 * The first screen renders in the right language: the status and the user (which the routes load anyway)
 * are fetched first, so a page never mounts in English and misses the switch to the user's language. Before
 * that, the last user's cache comes back from IndexedDB, so the app opens offline on the memos seen before.
 */
async function start() {
  // The page's code comes while the status and the session are asked for, not after them.
  preloadPage(window.location.pathname);
  onlineManager.setOnline(navigator.onLine);
  await restoreCache(queryClient);
  const restoredUser = lastUserId();
  const [status, me] = await Promise.all([fresh(keys.status, fetchStatus), fresh(keys.me, fetchMe)]);
  // Someone else is signed in now (or nobody): nothing of the restored user's data may show.
  if (restoredUser !== null && !isOwnAccount(me?.id, restoredUser)) {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "status" && query.queryKey[0] !== "me" });
  }
  keepCache(queryClient);
  startOutbox(queryClient);
  const locale = pickLocale({
    user: userSetting<string>(me, "locale", ""),
    local: usePreferences.getState().locale,
    instance: status?.customizedProfile.locale,
  });
  await changeLanguage(locale).catch((error: unknown) => console.error("failed to load the language", error));
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
