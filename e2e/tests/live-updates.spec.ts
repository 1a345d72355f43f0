// Live updates: a memo written on another device appears on this one without a reload, and one deleted there goes;
// both through the server's event stream (GET /api/v1/sse), which the app keeps open while signed in.
import { expect, signInPage, test } from "../support/fixtures";
import { editor } from "../support/ui";

test("a memo written or deleted on another device shows here without a reload @phone", async ({ page, browser, baseURL, signedIn }) => {
  await page.goto("/");
  await expect(editor(page)).toBeVisible();
  // The stream is open (the app marks <html> while it follows it): from now on every change reaches this page.
  await expect(page.locator("html[data-live-updates=on]")).toHaveCount(1);

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  const otherApi = await signInPage(otherPage, baseURL!, signedIn.credentials);
  const memo = await otherApi.createMemo("Written on the other device #live", "PRIVATE");
  const card = page.locator("article").filter({ hasText: "Written on the other device" });
  await expect(card).toBeVisible();

  await otherApi.deleteMemo(memo.id);
  await expect(card).toHaveCount(0);
  await other.close();
});
