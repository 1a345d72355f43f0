// The network and sync state at the bottom of the screen (never over the sidebar): "Offline", how many changes wait to be sent, and the
// offer to reload into a new version of the app (never automatic: a half-written memo is never swapped away). It also
// says, once per device, when the app is ready to open offline (offlineReady.ts decides when that is true).
import { CloudOff, RefreshCw, UploadCloud } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRegisterSW } from "virtual:pwa-register/react";
import { Button } from "../components/ui/Button";
import { storage } from "../state/storage";
import { toast } from "../state/toast";
import { isOfflineReady, useOfflineReadiness, watchServiceWorker } from "./offlineReady";
import { useOutbox } from "./outbox/store";
import { useOnline } from "./useOnline";

const pill =
  "pointer-events-auto flex items-center gap-2 rounded-full border border-zinc-200 bg-white px-3 py-1.5 text-sm text-zinc-700 shadow-md dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200";

/** Set once this device has been told it can open the app offline. */
const READY_SAID_KEY = "offlineReadySaid";

/**
 * Says "ready to work offline" the first time it becomes true on this device, and keeps it on the page as
 * `<html data-offline-ready>` (what a script or a test can wait on).
 */
function useOfflineReadyNotice() {
  const { t } = useTranslation();
  const ready = useOfflineReadiness(isOfflineReady);
  useEffect(() => watchServiceWorker(), []);
  useEffect(() => {
    if (!ready) {
      delete document.documentElement.dataset.offlineReady;
      return;
    }
    document.documentElement.dataset.offlineReady = "true";
    if (storage.get(READY_SAID_KEY, false)) return;
    storage.set(READY_SAID_KEY, true);
    toast.success(t("offline.ready"));
  }, [ready, t]);
}

export function OfflineStatus() {
  const { t } = useTranslation();
  useOfflineReadyNotice();
  const online = useOnline();
  // Images wait as part of the memo that links them: counted through it.
  const waiting = useOutbox((state) => state.entries.filter((entry) => entry.kind !== "upload" && entry.state.status === "pending").length);
  const conflicts = useOutbox((state) => state.entries.filter((entry) => entry.state.status === "conflict").length);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ onRegisterError: () => undefined });

  // Drafts are kept as they are typed (useDraft), so the reload loses nothing. A page that no service worker
  // controlled yet (the first visit) never hears the new one take over: it reloads once that one is active.
  const reload = async () => {
    const controlled = Boolean(navigator.serviceWorker?.controller);
    await updateServiceWorker(true);
    if (controlled) return;
    const next = (await navigator.serviceWorker.getRegistration())?.waiting;
    if (next && next.state !== "activated") {
      await new Promise<void>((resolve) => next.addEventListener("statechange", () => next.state === "activated" && resolve()));
    }
    window.location.reload();
  };

  if (online && waiting === 0 && conflicts === 0 && !needRefresh) return null;
  return (
    // Bottom centre on a phone; bottom right on a wide screen, clear of the sidebar and its tag list.
    <div className="pointer-events-none fixed inset-x-0 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-[90] flex flex-col items-center gap-2 px-3 lg:items-end lg:pr-4">
      {!online || waiting > 0 || conflicts > 0 ? (
        <div role="status" aria-label={t("offline.status")} className={pill}>
          {!online ? (
            <span className="inline-flex items-center gap-1.5 font-medium">
              <CloudOff className="size-4" aria-hidden />
              {t("offline.offline")}
            </span>
          ) : null}
          {waiting > 0 ? (
            <span className="inline-flex items-center gap-1.5" data-testid="outbox-count">
              <UploadCloud className="size-4" aria-hidden />
              {t("offline.waiting", { count: waiting })}
            </span>
          ) : null}
          {conflicts > 0 ? (
            <span className="font-medium text-amber-700 dark:text-amber-400">{t("offline.conflicts", { count: conflicts })}</span>
          ) : null}
        </div>
      ) : null}
      {needRefresh ? (
        <div role="alert" className={`${pill} py-1 pr-1`}>
          <span>{t("offline.new-version")}</span>
          <Button variant="primary" icon={<RefreshCw className="size-4" aria-hidden />} onClick={() => void reload()}>
            {t("offline.reload")}
          </Button>
          <Button variant="ghost" onClick={() => setNeedRefresh(false)}>
            {t("offline.later")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
