// A private share link: the author makes one from the memo's menu and copies it; a visitor with no session opens it
// in a browser of their own and sees that memo and its image, and nothing leading further; once revoked, the same
// link says it does not work.
import { makePng } from "../support/api";
import { expectAccessible } from "../support/axe";
import { expect, screenshot, test } from "../support/fixtures";
import { allowClipboard, memoAction, memoCard, readClipboard, toast } from "../support/ui";

test("a private memo shared by link: opened without a session with its image, then revoked", async ({
  page,
  signedIn,
  browser,
  baseURL,
}, testInfo) => {
  // Two browsers, four accessibility scans and four screenshots: past 30 s on a busy 2-core machine.
  test.slow();
  const image = await signedIn.api.uploadImage("harbour.png", makePng(320, 180));
  await signedIn.api.createMemo("Gate code for the boat shed #private", "PRIVATE", [image.id]);
  await allowClipboard(page, baseURL!);
  await page.goto("/");

  await memoAction(page, memoCard(page, "Gate code for the boat shed"), "Share link");
  const dialog = page.getByRole("dialog", { name: "Share link" });
  await expect(dialog).toContainText("A link keeps working when you change the memo's visibility.");
  await expect(dialog).toContainText("No live links.");
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const made = dialog.getByTestId("new-share-link");
  await expect(made).toHaveText(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}$`));
  const url = (await made.textContent())!;
  await expect(dialog).toContainText("it is shown only this once");
  await dialog.getByRole("button", { name: "Copy link" }).first().click();
  expect(await readClipboard(page)).toBe(url);
  const rows = dialog.getByTestId("share-link-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Created .* · expires /);
  await expect(rows.first()).toContainText("Last opened: never");
  await screenshot(page, testInfo, "share-link-dialog", { fullPage: false });
  await expectAccessible(page, { include: "dialog[open]" });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "share-link-dialog-dark", { fullPage: false });
  await expectAccessible(page, { include: "dialog[open]", rules: ["color-contrast"] });

  // A visitor's own browser: no cookie of the author's.
  const visitor = await browser.newContext({
    locale: "en-US",
    timezoneId: "UTC",
    reducedMotion: "reduce",
    serviceWorkers: "block",
    viewport: page.viewportSize(),
  });
  const visitorPage = await visitor.newPage();
  const answer = await visitorPage.goto(url);
  expect(answer!.headers()["x-robots-tag"]).toMatch(/noindex/);
  const shared = visitorPage.getByRole("article");
  await expect(shared).toContainText("Gate code for the boat shed");
  await expect(visitorPage.getByText("Shared memo")).toBeVisible();
  // It looks like the product: the instance's name, the author, the time in the reader's language.
  await expect(visitorPage.getByTestId("instance-name")).not.toBeEmpty();
  await expect(shared.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
  const picture = shared.getByRole("img", { name: "harbour.png" });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  await expect(visitorPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // Nothing on the page leads into the instance: no links at all.
  await expect(visitorPage.locator("a[href^='/']")).toHaveCount(0);
  await screenshot(visitorPage, testInfo, "share-link-page");
  await expectAccessible(visitorPage);
  await visitorPage.emulateMedia({ colorScheme: "dark" });
  await screenshot(visitorPage, testInfo, "share-link-page-dark");
  await expectAccessible(visitorPage, { rules: ["color-contrast"] });

  // The author sees it was opened (the list is read again when the dialog opens).
  await page.keyboard.press("Escape");
  await memoAction(page, memoCard(page, "Gate code for the boat shed"), "Share link");
  await expect(dialog.getByTestId("share-link-row").first()).not.toContainText("Last opened: never");
  await dialog.getByRole("button", { name: /Revoke the link created/ }).click();
  await expect(toast(page, "Link revoked: it no longer works.")).toBeVisible();
  await expect(dialog).toContainText("No live links.");

  await visitorPage.reload();
  await expect(visitorPage.getByRole("alert")).toContainText("This link doesn't work.");
  await expect(visitorPage.getByText("Gate code for the boat shed")).toHaveCount(0);
  await visitor.close();
});

test("a link of a memo in the trash does not work until the memo is restored", async ({ signedIn, visitorApi }) => {
  const memo = await signedIn.api.createMemo("Shed inventory", "PROTECTED");
  const at = (path: string) => `${signedIn.api.baseURL}${path}`;
  const created = await signedIn.api.request.post(at(`/api/memo/${memo.id}/share`), { data: {} });
  const { token } = (await created.json()).data as { token: string };
  expect((await visitorApi.request.get(at(`/api/share/${token}`))).status()).toBe(200);
  await signedIn.api.deleteMemo(memo.id);
  expect((await visitorApi.request.get(at(`/api/share/${token}`))).status()).toBe(404);
  expect((await signedIn.api.request.post(at(`/api/trash/${memo.id}/restore`))).status()).toBe(200);
  expect((await visitorApi.request.get(at(`/api/share/${token}`))).status()).toBe(200);
});

test("a share link as memos 0.2x spelled it (/memos/shares/<token>) opens the shared memo", async ({ signedIn, browser, baseURL }) => {
  const memo = await signedIn.api.createMemo("Shared before the move", "PRIVATE");
  const created = await signedIn.api.request.post(`${signedIn.api.baseURL}/api/memo/${memo.id}/share`, { data: {} });
  const { token } = (await created.json()).data as { token: string };
  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(`/memos/shares/${token}`);
  await expect(page).toHaveURL(new RegExp(`/s/${token}$`));
  await expect(page.getByText("Shared before the move")).toBeVisible();
  await visitor.close();
});
