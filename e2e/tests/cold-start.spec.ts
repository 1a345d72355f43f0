// The cold start (issue 44): how many requests to our server a browser makes, signed in with a few memos, before
// the first memo card is visible, and how deep their chain is. Counted in the page (Resource Timing against the
// moment a card enters the document), so a request sent after the card shows is never counted by the test's own
// lag. The figures are printed for the developer guide's table.
import { expect, test } from "../support/fixtures";
import { memoCard } from "../support/ui";

/** Requests before the first memo shows: the page, its code and style, and the data it asks for (16 measured). */
const CEILING_REQUESTS = 20;

declare global {
  interface Window {
    /** performance.now() when the first memo card entered the document. */
    firstMemoAt?: number;
  }
}

test("signed in with a few memos, the first memo shows after at most 20 requests, none of them /api/auth/totp", async ({
  page,
  signedIn,
}) => {
  for (const content of ["first of a few", "second of a few", "third of a few"]) await signedIn.api.createMemo(content);
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector("article")) return;
      window.firstMemoAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await expect(memoCard(page, "third of a few")).toBeVisible();
  const requests = await page.evaluate(() => {
    const shownAt = window.firstMemoAt ?? Number.POSITIVE_INFINITY;
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const ours = entries.filter((entry) => new URL(entry.name).origin === location.origin && entry.startTime < shownAt);
    return [location.pathname, ...ours.map((entry) => new URL(entry.name).pathname + new URL(entry.name).search)];
  });
  const api = requests.filter((path) => path.startsWith("/api/"));
  console.log(
    `[cold start] ${requests.length} requests before the first memo (${api.length} to /api, ` +
      `${requests.filter((path) => path.endsWith(".js")).length} scripts):\n  ${api.join("\n  ")}`,
  );
  expect(api.filter((path) => path.startsWith("/api/auth/totp"))).toEqual([]);
  expect(requests.length).toBeLessThanOrEqual(CEILING_REQUESTS);
});
