// The Daily Review (stepping, the date picker, oldest first, the empty day, export as PNG) and the
// Archived memos dialog (delete, restore, the empty state).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { ARTIFACTS, expect, screenshot, test } from "../support/fixtures";
import { memoCard, openSidebar, toast } from "../support/ui";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const at = (hour: number, minute = 0) => Date.UTC(2024, 2, 15, hour, minute) / 1000;

test("@phone the Daily Review steps through days, oldest first, and exports the day as a PNG", async ({ page, signedIn }, testInfo) => {
  // Written in the evening first, then back-dated to the morning: the list follows the time, not the order.
  await signedIn.api.createMemo("Evening: sunset over the pier #harbour", "PRIVATE", undefined, at(18, 30));
  await signedIn.api.createMemo("Morning: tide tables checked\n\n- [x] ropes\n- [ ] fuel", "PRIVATE", undefined, at(9, 15));
  await signedIn.api.createMemo("Written today");
  await page.goto("/");
  await (await openSidebar(page)).getByRole("button", { name: "Daily Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Daily Review" });
  await expect(dialog.getByText("Written today")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Next day" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Today" })).toHaveCount(0);

  await dialog.getByLabel("Date").fill("2024-03-15");
  await expect(dialog.getByRole("heading", { name: "Friday, March 15, 2024" })).toBeVisible();
  await expect(dialog.getByText("2 memos")).toBeVisible();
  const items = dialog.getByRole("listitem").filter({ has: page.locator("time") });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("09:15");
  await expect(items.nth(0)).toContainText("Morning: tide tables checked");
  await expect(items.nth(1)).toContainText("18:30");
  await expect(items.nth(1)).toContainText("Evening: sunset over the pier");
  await expect(dialog.getByText("Written today")).toHaveCount(0);
  await screenshot(page, testInfo, "daily-review", { fullPage: false });

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Save as image" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("memos-daily-review-2024-03-15.png");
  const bytes = readFileSync((await download.path())!);
  await download.saveAs(join(ARTIFACTS, `${testInfo.project.name}-daily-review-export.png`));
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeGreaterThan(2000);
  await expect(toast(page, "Image downloaded")).toBeVisible();

  await dialog.getByRole("button", { name: "Next day" }).click();
  await expect(dialog.getByRole("heading", { name: "Saturday, March 16, 2024" })).toBeVisible();
  await expect(dialog.getByText("No memos on this day.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save as image" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Previous day" }).click();
  await dialog.getByRole("button", { name: "Previous day" }).click();
  await expect(dialog.getByRole("heading", { name: "Thursday, March 14, 2024" })).toBeVisible();
  await expect(dialog.getByText("No memos on this day.")).toBeVisible();
  await screenshot(page, testInfo, "daily-review-empty", { fullPage: false });

  await dialog.getByRole("button", { name: "Today" }).click();
  await expect(dialog.getByText("Written today")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Next day" })).toBeDisabled();
});

test("the Daily Review shows a day of more memos than the server gives in one page, all of them, with the true count", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  // The largest page the list gives is 1000 memos (MAX_LIST_LIMIT); the day holds a few more, seeded at once
  // through an import.
  const total = 1000 + 5;
  const notes: Record<string, Uint8Array> = {};
  for (let index = 0; index < total; index++) {
    const minute = String(index % 60).padStart(2, "0");
    const hour = String(6 + Math.floor(index / 60)).padStart(2, "0");
    notes[`Notes/n${index}.md`] = strToU8(`---\ncreated: 2024-04-02T${hour}:${minute}:00Z\n---\nBusy day note ${index + 1}\n`);
  }
  expect((await signedIn.api.importArchive(Buffer.from(zipSync(notes)))).memos).toBe(total);

  await page.goto("/");
  await (await openSidebar(page)).getByRole("button", { name: "Daily Review" }).click();
  const dialog = page.getByRole("dialog", { name: "Daily Review" });
  await dialog.getByLabel("Date").fill("2024-04-02");
  await expect(dialog.getByText(`${total.toLocaleString("en")} memos`)).toBeVisible({ timeout: 30_000 });
  const items = dialog.getByRole("listitem").filter({ has: page.locator("time") });
  await expect(items).toHaveCount(total);
  await expect(items.first()).toContainText("Busy day note 1");
  await expect(items.last()).toContainText(`Busy day note ${total}`);
});

test("Archived memos: delete one, restore the other, then nothing is left", async ({ page, signedIn }, testInfo) => {
  const drop = await signedIn.api.createMemo("Old shopping list #errands");
  const keep = await signedIn.api.createMemo("Boat registration number: HB-2231");
  await signedIn.api.archive(drop.id);
  await signedIn.api.archive(keep.id);
  await page.goto("/");
  await expect(page.getByTestId("first-run-hint")).toBeVisible();

  await (await openSidebar(page)).getByRole("button", { name: "Archived" }).click();
  const dialog = page.getByRole("dialog", { name: "Archived memos" });
  const card = (content: string) => dialog.getByRole("listitem").filter({ hasText: content });
  await expect(card("Old shopping list")).toContainText(/Archived /);
  await expect(card("Boat registration")).toBeVisible();
  await screenshot(page, testInfo, "archived", { fullPage: false });

  // No question first: the memo goes to the trash, and the toast's Undo would bring it back.
  await card("Old shopping list").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Memo moved to Trash")).toBeVisible();
  await expect(card("Old shopping list")).toHaveCount(0);
  expect((await signedIn.api.memo(drop.id)).status()).toBe(404);

  await card("Boat registration").getByRole("button", { name: "Restore" }).click();
  await expect(toast(page, "Restored successfully")).toBeVisible();
  await expect(dialog.getByText("No archived memos.")).toBeVisible();
  await screenshot(page, testInfo, "archived-empty", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(memoCard(page, "Boat registration number")).toBeVisible();
});
