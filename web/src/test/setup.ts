// Before each test file of the web project. The files share their worker's modules (isolate: false in
// vitest.config.ts: a fresh jsdom and React per file was three quarters of the project's time), so what one file
// leaves in the shared stores, the browser storage or the document must not reach the next.
import { cleanup, configure } from "@testing-library/react";
import { beforeAll } from "vitest";
import type { StoreApi } from "zustand";
import { useOutbox } from "../offline/outbox/store";
import { useLogoProbes } from "../state/brokenLogos";
import { useDialogs } from "../state/dialogs";
import { usePreferences } from "../state/preferences";
import { useToasts } from "../state/toast";

// A `findBy…`/`waitFor` waits on state; Testing Library's default of 1 s was missed on a busy 2-core machine (the web
// project runs beside the server suites) by a first render still loading its data, though nothing was wrong.
configure({ asyncUtilTimeout: 5000 });

function reset<State>(store: StoreApi<State>) {
  store.setState(store.getInitialState(), true);
}

beforeAll(() => {
  reset(useOutbox);
  reset(useLogoProbes);
  reset(useDialogs);
  reset(usePreferences);
  reset(useToasts);
  // A file in Node's environment (`@vitest-environment node`) has no document or storage.
  if (typeof document === "undefined") return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = "";
  document.documentElement.removeAttribute("style");
  document.body.innerHTML = "";
});
