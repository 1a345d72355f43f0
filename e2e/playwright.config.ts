// The end-to-end suite: the real server (prod mode, fresh data) serving the built web app, driven by
// Debian's Chromium. Desktop runs every flow (but those tagged @phone-only); the phone project runs the tests
// tagged @phone: what a phone shows otherwise (the screens, the drawer, dialogs as pages, touch, the editor's float
// style, every page's accessibility at a phone's width). A flow whose pages a phone shows as they are, already
// checked there by those, runs on desktop only (sign-in with SSO, passkeys or two-factor, consent, the trash, the
// offline outbox...): it would take a third of the suite's time again.
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const CI = Boolean(process.env.CI);

/**
 * Debian's old headless shell (package chromium-headless-shell, what Playwright itself runs headless) draws no
 * browser window: the suite ran in half the time of the full browser's headless mode. The full browser is the
 * fallback, and MEMOS_E2E_CHROMIUM picks another.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath: process.env.MEMOS_E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "./tests",
  outputDir: "./artifacts/test-results",
  globalSetup: "./global-setup.ts",
  // Tests are independent (each makes its own member and data on the shared server; the files that need a server
  // state of their own start one and run in order, `describe.configure({ mode: "serial" })`), so any worker may
  // take any test: the long files no longer finish alone at the end. Three workers on two cores: a browser test
  // waits on the server and on rendering often enough that the third kept the cores busy (299 s → 262 s).
  fullyParallel: true,
  workers: 3,
  // On a busy 2-core machine a first render sometimes misses the 7 s wait; it passes on a retry.
  retries: CI ? 2 : 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    browserName: "chromium",
    launchOptions: chromium,
    locale: "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
    // The app turns transitions and animations off for it (web/src/styles.css): what a test reads or measures
    // is final at once, with no sleep for a fade to end.
    reducedMotion: "reduce",
    // Tracing every test made the run 40% slower; a failing test is traced on its first retry.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // A service worker would bypass page.route; offline.spec.ts allows it for its own tests.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "desktop",
      grepInvert: /@phone-only/,
      // Its desktop screens are for people to look at only (the file's header): without screenshots the file's own
      // server would start for tests that all skip.
      ...(process.env.MEMOS_E2E_SCREENSHOTS === "1" ? {} : { testIgnore: "screens.spec.ts" }),
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      grep: /@phone/,
      use: {
        viewport: { width: 390, height: 844 },
        // A phone's 2× pixels quadruple what software rendering draws for every test; the layout (CSS pixels) is the
        // same at 1×, so the 2× density is kept for the screenshots people look at (MEMOS_E2E_SCREENSHOTS=1).
        deviceScaleFactor: process.env.MEMOS_E2E_SCREENSHOTS === "1" ? 2 : 1,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
