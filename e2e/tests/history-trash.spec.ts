// Nothing written is lost by a click: a memo's History shows each earlier version with the words that changed and
// restores one (undoable); a deleted memo waits in the Trash, from which it is restored or deleted forever.
import { expect, screenshot, test } from "../support/fixtures";
import { memoAction, memoCard, memoCards, openSidebar, text, toast } from "../support/ui";

test("History shows what changed between versions and restores an earlier one @phone", async ({ page, signedIn }, testInfo) => {
  const memo = await signedIn.api.createMemo("Buy milk and bread #shopping");
  await signedIn.api.patchMemo(memo.id, { content: "Buy oat milk and eggs #shopping" });
  await page.goto("/");

  await memoAction(page, memoCard(page, "Buy oat milk"), "History");
  const dialog = page.getByRole("dialog", { name: "History" });
  const versions = dialog.getByRole("list", { name: "Earlier versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(1);
  const changes = versions.first().getByLabel("Changes from this version to the next");
  await expect(changes.locator("del")).toHaveText(["bread"]);
  await expect(changes.locator("ins")).toHaveText(["oat ", "eggs"]);
  await expect(versions.first()).toContainText("in the web app");
  await screenshot(page, testInfo, "memo-history", { fullPage: false });

  await versions.first().getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Version restored")).toBeVisible();
  // The restore is a version too: the text it replaced is now the one offered, so it can be undone.
  await expect(versions.first().getByLabel("Changes from this version to the next").locator("del")).toContainText(["oat "]);
  await expect(versions).toHaveCount(2);
  await page.keyboard.press("Escape");
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
  const confirm = page.getByRole("dialog", { name: text.deleteTitle });
  await expect(confirm).toContainText("It goes to Trash, where you can restore it.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Memo moved to Trash")).toBeVisible();
  await expect(memoCard(page, "Oops, did not mean")).toHaveCount(0);
  await memoAction(page, memoCard(page, "Really old note"), "Delete");
  await page.getByRole("dialog", { name: text.deleteTitle }).getByRole("button", { name: "Delete" }).click();
  await expect(memoCards(page)).toHaveCount(1);

  await (await openSidebar(page)).getByRole("button", { name: "Trash" }).click();
  const trash = page.getByRole("dialog", { name: "Trash" });
  await expect(trash).toContainText("Deleted memos stay here for 30 days, then they are deleted for good.");
  const item = (content: string) => trash.getByRole("listitem").filter({ hasText: content });
  await expect(item("Oops, did not mean")).toContainText(/Deleted .* · gone for good on /);
  await screenshot(page, testInfo, "trash", { fullPage: false });

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
