// Settings › My account › Where you're signed in: two browsers signed in as one member; the first sees both, marks
// itself, signs the other out, and the other, at its next step, is sent to sign-in.
import { expect, screenshot, signInPage, test } from "../support/fixtures";
import { editor, openSettings, openSidebar, toast } from "../support/ui";

test("signs another browser out, which is sent to sign-in @phone", async ({ page, browser, baseURL, signedIn }, testInfo) => {
  const other = await browser.newContext({
    baseURL,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  const otherPage = await other.newPage();
  await signInPage(otherPage, baseURL!, signedIn.credentials);
  await otherPage.goto("/");
  await expect(editor(otherPage)).toBeVisible();

  await page.goto("/");
  const settings = await openSettings(page, "My account");
  const list = settings.getByRole("list", { name: "Where you're signed in" });
  const rows = list.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: "This device" });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByRole("button", { name: /^Sign out/ })).toHaveCount(0);
  const theirs = rows.filter({ hasText: "Safari 17 on iOS" });
  await expect(theirs).toContainText("Last active");
  await screenshot(page, testInfo, "settings-sessions", { fullPage: false });

  await theirs.getByRole("button", { name: "Sign out Safari 17 on iOS 17.5" }).click();
  const confirm = page.getByRole("dialog", { name: "Sign out Safari 17 on iOS 17.5?" });
  await confirm.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(toast(page, "Signed out.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("This device");
  await expect(settings.getByRole("button", { name: "Sign out all others" })).toHaveCount(0);

  // The other browser's next request (its account settings read its sessions) is refused, and it goes to sign-in.
  await (await openSidebar(otherPage)).getByRole("button", { name: "Settings" }).click();
  // Phones list the sections first.
  if (testInfo.project.name === "phone") await otherPage.getByRole("button", { name: "My account", exact: true }).click();
  await expect(otherPage).toHaveURL(/\/auth\?next=/);
  await expect(otherPage.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await other.close();

  // This one is still signed in.
  expect((await signedIn.api.me()).id).toBe(signedIn.user.id);
});
