import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { api } from "./api/endpoints";
import { changeLanguage } from "./i18n";
import "./styles.css";
import { App } from "./App";
import { queryClient } from "./queries/client";
import { keys } from "./queries/keys";
import { fetchMe, userSetting } from "./queries/session";
import { usePreferences } from "./state/preferences";
import { pickLocale } from "./state/useEffectivePreferences";

/**
 * The first screen renders in the right language: the status and the user (which the routes load anyway)
 * are fetched first, so a page never mounts in English and misses the switch to the user's language.
 */
async function start() {
  const [status, me] = await Promise.all([
    queryClient.ensureQueryData({ queryKey: keys.status, queryFn: api.status }).catch(() => null),
    queryClient.ensureQueryData({ queryKey: keys.me, queryFn: fetchMe }).catch(() => null),
  ]);
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
