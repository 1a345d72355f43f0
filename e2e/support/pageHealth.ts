// Watches a page for what a user never sees but should never happen: errors logged to the console, uncaught
// exceptions, and API answers of 400 or more.
import type { Page } from "@playwright/test";

export interface PageHealth {
  consoleErrors: string[];
  failedRequests: string[];
  /** Forgets what was seen so far (to watch one step alone). */
  reset(): void;
}

export function watchPage(page: Page): PageHealth {
  const health: PageHealth = {
    consoleErrors: [],
    failedRequests: [],
    reset() {
      health.consoleErrors.length = 0;
      health.failedRequests.length = 0;
    },
  };
  page.on("console", (message) => {
    if (message.type() === "error") health.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => health.consoleErrors.push(`uncaught: ${error.message}`));
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/") && response.status() >= 400) {
      health.failedRequests.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
    }
  });
  return health;
}
