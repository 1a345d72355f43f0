// Live updates: a memo written on another device appears on this one without a reload, and one deleted there goes;
// the bell counts a mention made elsewhere; a stream cut while away comes back where it was (Last-Event-ID) and shows
// what was written meanwhile. All through the server's event stream (GET /api/events), which the app keeps open while
// signed in.
import { MemosApi, PASSWORD, uniqueName } from "../support/api";
import { expect, signInPage, test } from "../support/fixtures";
import { editor, openSidebar } from "../support/ui";

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

test("a stream cut while away comes back with its last event id and shows what was missed", async ({
  page,
  browser,
  baseURL,
  signedIn,
}) => {
  // Each stream the app opens, and the Last-Event-ID it was opened with.
  const opened: Array<string | null> = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/events") opened.push(request.headers()["last-event-id"] ?? null);
  });
  await page.goto("/");
  await expect(editor(page)).toBeVisible();
  await expect(page.locator("html[data-live-updates=on]")).toHaveCount(1);
  expect(opened).toEqual([null]);

  const other = await browser.newContext({ baseURL });
  const otherApi = await signInPage(await other.newPage(), baseURL!, signedIn.credentials);
  // Away for a moment: offline, the app closes its stream; another device writes meanwhile.
  await page.context().setOffline(true);
  await expect(page.locator("html[data-live-updates=on]")).toHaveCount(0);
  await otherApi.createMemo("Written while this device was away", "PRIVATE");
  await page.context().setOffline(false);

  const card = page.locator("article").filter({ hasText: "Written while this device was away" });
  await expect(card).toBeVisible();
  // It came back with the id it had read (a number), not as a new stream.
  expect(opened.slice(1).some((id) => id !== null && /^\d+$/.test(id))).toBe(true);
  await other.close();
});

test("the bell counts a mention made on another account without a reload, and clears when read elsewhere", async ({
  page,
  signedIn,
  hostApi,
  playwright,
  serverURL,
}) => {
  await page.goto("/");
  const sidebar = await openSidebar(page);
  await expect(page.locator("html[data-live-updates=on]")).toHaveCount(1);
  await expect(sidebar.getByRole("button", { name: /^Inbox: \d+ unread$/ })).toHaveCount(0);

  const credentials = { username: uniqueName("friend"), password: PASSWORD };
  await hostApi.createUser(credentials);
  const context = await playwright.request.newContext();
  const friend = new MemosApi(context, serverURL);
  await friend.signIn(credentials);
  await friend.createMemo(`Coffee later, @${signedIn.user.username}?`, "PROTECTED");
  await context.dispose();
  // The inbox event refreshes the bell.
  await expect(sidebar.getByRole("button", { name: "Inbox: 1 unread" })).toBeVisible();

  // Read on another device (this session's API): the bell here clears.
  await signedIn.api.markInboxRead();
  await expect(sidebar.getByRole("button", { name: /^Inbox: \d+ unread$/ })).toHaveCount(0);
});
