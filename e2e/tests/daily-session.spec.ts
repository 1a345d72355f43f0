// Signing up, in and out without glitches: no flash of the sign-in form after signing up as the host, no failing
// request after signing out, and a signed-out visitor's pages log no error to the console.
import { MemosApi } from "../support/api";
import { expect, withOwnServer } from "../support/fixtures";
import { watchPage } from "../support/pageHealth";
import { openUserMenu, submitAuthForm, text, writeMemo } from "../support/ui";

const test = withOwnServer();
test.describe.configure({ mode: "serial" });

const host = { username: "dailyhost", password: "daily-secret" };

test("signing up as the host goes to home without showing the sign-in form", async ({ page }) => {
  const health = watchPage(page);
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: text.signUpAsHost })).toBeVisible();
  // Record, from now on, whether the sign-in button ever shows up before home is reached.
  await page.evaluate(() => {
    const seen = { signIn: false };
    (window as unknown as { signInSeen: typeof seen }).signInSeen = seen;
    const check = () => {
      for (const button of document.querySelectorAll("button")) if (button.textContent?.trim() === "Sign in") seen.signIn = true;
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await submitAuthForm(page, host.username, host.password, text.signUpAsHost);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("textbox", { name: text.editorPlaceholder })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { signInSeen: { signIn: boolean } }).signInSeen.signIn)).toBe(false);
  expect(health.failedRequests).toEqual([]);
  expect(health.consoleErrors).toEqual([]);
});

test("signing out sends no failing request and logs no error", async ({ page }) => {
  await page.goto("/auth");
  await submitAuthForm(page, host.username, host.password, text.signIn);
  await expect(page).toHaveURL(/\/$/);
  await writeMemo(page, "Before signing out #tagged");
  const health = watchPage(page);
  await openUserMenu(page);
  await page.getByRole("menuitem", { name: text.signOut }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: text.signIn, exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(health.failedRequests).toEqual([]);
  expect(health.consoleErrors).toEqual([]);
});

test("a signed-out visitor's pages log no error and make no failing request", async ({ page, playwright, ownServer }) => {
  const context = await playwright.request.newContext();
  const hostApi = new MemosApi(context, ownServer.url);
  await hostApi.signIn(host);
  const memo = await hostApi.createMemo("A public memo #open", "PUBLIC");
  await context.dispose();

  const health = watchPage(page);
  for (const path of ["/", "/explore", "/auth", "/u/1", `/m/${memo.id}`]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(health.failedRequests).toEqual([]);
  expect(health.consoleErrors).toEqual([]);
});
