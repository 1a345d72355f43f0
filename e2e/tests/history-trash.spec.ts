// Nothing written is lost by a click: a memo's History shows the current version and each earlier one as it was, with
// the words it changed, and restores one (undoable); a deleted memo waits in the Trash, from which it is restored or deleted forever.
import { expect, screenshot, test } from "../support/fixtures";
import { memoAction, memoCard, memoCards, openSidebar, toast } from "../support/ui";

test("History lists the current version on top and each kept one as it was; Restore gives back the text shown @phone", async ({
  page,
  signedIn,
}, testInfo) => {
  const memo = await signedIn.api.createMemo("Buy milk and bread #shopping");
  await signedIn.api.patchMemo(memo.id, { content: "Buy oat milk and eggs #shopping" });
  await page.goto("/");

  await memoAction(page, memoCard(page, "Buy oat milk"), "History");
  const dialog = page.getByRole("dialog", { name: "History" });
  const versions = dialog.getByRole("list", { name: "Versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  // The current version, with what it changed from the one before: no Restore.
  await expect(versions.nth(0)).toHaveAttribute("aria-current", "true");
  await expect(versions.nth(0)).toContainText("Current version");
  const changes = versions.nth(0).getByLabel("Changes from the version before");
  await expect(changes.locator("del")).toHaveText(["bread"]);
  await expect(changes.locator("ins")).toHaveText(["oat ", "eggs"]);
  await expect(versions.nth(0).getByRole("button", { name: "Restore" })).toHaveCount(0);
  // The kept version as it was, nothing of the later one in it.
  await expect(versions.nth(1).getByLabel("Text of this version")).toHaveText("Buy milk and bread #shopping");
  await expect(versions.nth(1)).toContainText("in the web app");
  await screenshot(page, testInfo, "memo-history", { fullPage: false });

  // The dialog has an address: a reload opens it again, Back closes it.
  await expect(page).toHaveURL(new RegExp(`[?&]dialog=history-${memo.id}`));
  await page.reload();
  await expect(dialog.getByRole("list", { name: "Versions" }).getByRole("listitem")).toHaveCount(2);

  await versions.nth(1).getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Version restored")).toBeVisible();
  // Restored exactly as shown; the text it replaced is kept, so the restore can be undone.
  await expect(versions).toHaveCount(3);
  const restored = versions.nth(0).getByLabel("Changes from the version before");
  await expect(restored.locator("ins")).toHaveText(["bread"]);
  await expect(restored.locator("del")).toHaveText(["oat ", "eggs"]);
  await expect(versions.nth(1).getByLabel("Changes from the version before").locator("ins")).toHaveText(["oat ", "eggs"]);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(memoCard(page, "Buy milk and bread")).toBeVisible();
  expect((await signedIn.api.revisions(memo.id)).map((revision) => revision.content)).toEqual([
    "Buy oat milk and eggs #shopping",
    "Buy milk and bread #shopping",
  ]);
});

test("a deleted memo waits in the Trash: restored whole, or deleted forever, or the trash emptied", async ({
  page,
  signedIn,
}, testInfo) => {
  await signedIn.api.createMemo("Keep this one");
  await signedIn.api.createMemo("Oops, did not mean to delete #plans");
  await signedIn.api.createMemo("Really old note");
  await page.goto("/");

  await memoAction(page, memoCard(page, "Oops, did not mean"), "Delete");
  await expect(toast(page, "Memo moved to Trash")).toBeVisible();
  await expect(memoCard(page, "Oops, did not mean")).toHaveCount(0);
  await memoAction(page, memoCard(page, "Really old note"), "Delete");
  await expect(memoCards(page)).toHaveCount(1);

  await (await openSidebar(page)).getByRole("button", { name: "Trash" }).click();
  const trash = page.getByRole("dialog", { name: "Trash" });
  await expect(trash).toContainText("Deleted memos stay here for 30 days, then they are deleted for good.");
  const item = (content: string) => trash.getByRole("listitem").filter({ hasText: content });
  await expect(item("Oops, did not mean")).toContainText(/Deleted .* · gone for good on /);
  await screenshot(page, testInfo, "trash", { fullPage: false });

  // Each row's buttons are named with its memo, so a screen reader's list of buttons tells them apart.
  await expect(trash.getByRole("button", { name: "Restore “Oops, did not mean to delete plans”", exact: true })).toBeVisible();
  await expect(trash.getByRole("button", { name: "Delete forever “Really old note”", exact: true })).toBeVisible();
  await item("Oops, did not mean").getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Restored successfully")).toBeVisible();
  await expect(item("Oops, did not mean")).toHaveCount(0);

  await item("Really old note").getByRole("button", { name: "Delete forever" }).click();
  const forever = page.getByRole("dialog", { name: "Delete this memo forever?" });
  await expect(forever).toContainText("It and its history will be gone for good.");
  await forever.getByRole("button", { name: "Delete forever" }).click();
  await expect(toast(page, "Memo deleted for good")).toBeVisible();
  await expect(trash).toContainText("Trash is empty.");
  await page.keyboard.press("Escape");

  // Restored with its tag: the tag filter finds it again.
  await expect(memoCard(page, "Oops, did not mean")).toBeVisible();
  await memoCard(page, "Oops, did not mean").getByRole("button", { name: "#plans" }).click();
  await expect(memoCards(page)).toHaveCount(1);

  // Empty trash takes everything in it, after a confirmation naming how many.
  const again = await signedIn.api.createMemo("Goes to the trash again");
  await signedIn.api.deleteMemo(again.id);
  await (await openSidebar(page)).getByRole("button", { name: "Trash" }).click();
  await trash.getByRole("button", { name: "Empty trash" }).click();
  const emptying = page.getByRole("dialog", { name: "Empty the trash?" });
  await expect(emptying).toContainText("1 memo will be gone for good");
  await emptying.getByRole("button", { name: "Empty trash" }).click();
  await expect(toast(page, "Trash emptied")).toBeVisible();
  expect(await signedIn.api.trash()).toEqual([]);
});
