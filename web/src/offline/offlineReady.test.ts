import { afterEach, describe, expect, it, vi } from "vitest";
import { isOfflineReady, markCopySaved, useOfflineReadiness, watchServiceWorker } from "./offlineReady";

/** A service worker as the browser shows one: its state, and a statechange event when it moves on. */
class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super();
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  useOfflineReadiness.setState({ shell: false, copy: false });
});

describe("offline readiness", () => {
  it("needs both the active service worker and the saved copy", () => {
    expect(isOfflineReady({ shell: true, copy: false })).toBe(false);
    expect(isOfflineReady({ shell: false, copy: true })).toBe(false);
    expect(isOfflineReady({ shell: true, copy: true })).toBe(true);
  });

  it("counts the shell only once its worker has finished activating, not when it is installed", async () => {
    const worker = new FakeWorker("activating");
    vi.stubGlobal("navigator", { serviceWorker: { ready: Promise.resolve({ active: worker }) } });
    markCopySaved(true);
    const stop = watchServiceWorker();
    await Promise.resolve();
    await Promise.resolve();
    expect(useOfflineReadiness.getState().shell).toBe(false);
    worker.moveTo("activated");
    await vi.waitFor(() => expect(isOfflineReady(useOfflineReadiness.getState())).toBe(true));
    stop();
  });

  it("never counts the shell without service worker support", async () => {
    vi.stubGlobal("navigator", {});
    watchServiceWorker()();
    await Promise.resolve();
    expect(useOfflineReadiness.getState().shell).toBe(false);
  });
});
