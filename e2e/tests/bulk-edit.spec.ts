// Bulk edits: the home list's select mode (click, Shift-click, "select all that match" past the loaded page, the
// keyboard), adding a tag to and archiving three memos, pins, restoring from the archive, and a selection's zip.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, screenshot, test } from "../support/fixtures";
import { memoCard, memoCards, openSidebar, toast } from "../support/ui";

const bar = (page: import("@playwright/test").Page) => page.getByRole("toolbar", { name: "Selected memos" });
const checkbox = (page: import("@playwright/test").Page, content: string) => memoCard(page, content).getByRole("checkbox");

test("@phone select three memos, add a tag to them, then archive them", async ({ page, signedIn }, testInfo) => {
  for (const word of ["Alpha", "Bravo", "Charlie", "Delta"]) await signedIn.api.createMemo(`${word} field note`);
  await page.goto("/");
  await expect(memoCards(page)).toHaveCount(4);

  await page.getByRole("button", { name: "Select", exact: true }).click();
  await expect(bar(page).getByRole("status")).toHaveText("Selected: 0");
  // Newest first: Delta, Charlie, Bravo, Alpha. A click, then a Shift-click two memos further down.
  await checkbox(page, "Delta").click();
  await checkbox(page, "Bravo").click({ modifiers: ["Shift"] });
  await expect(bar(page).getByRole("status")).toHaveText("Selected: 3");
  await expect(checkbox(page, "Charlie")).toHaveAttribute("aria-checked", "true");
  await expect(checkbox(page, "Alpha")).toHaveAttribute("aria-checked", "false");
  await screenshot(page, testInfo, "bulk-select", { fullPage: false });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, testInfo, "bulk-select-dark", { fullPage: false });
  await page.emulateMedia({ colorScheme: "light" });

  await bar(page).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Add tags…" }).click();
  const dialog = page.getByRole("dialog", { name: "Add tags to 3 memos" });
  await dialog.getByLabel("Tags").fill("#trip/2024");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Added the tags to 3 memos")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  for (const word of ["Bravo", "Charlie", "Delta"]) await expect(memoCard(page, word)).toContainText("#trip/2024");
  await expect(memoCard(page, "Alpha")).not.toContainText("#trip/2024");
  // The selection stays for the next action.
  await expect(bar(page).getByRole("status")).toHaveText("Selected: 3");

  await bar(page).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await expect(toast(page, "Archived 3 memos")).toBeVisible();
  await expect(memoCards(page)).toHaveCount(1);
  await expect(memoCard(page, "Alpha")).toBeVisible();
  await expect(bar(page).getByRole("status")).toHaveText("Selected: 0");

  await page.keyboard.press("Escape");
  await expect(bar(page)).toHaveCount(0);
  const archived = await signedIn.api.myMemos("ARCHIVED");
  expect(archived.map((memo) => memo.content).sort()).toEqual([
    "Bravo field note\n#trip/2024",
    "Charlie field note\n#trip/2024",
    "Delta field note\n#trip/2024",
  ]);
});

test("select all that match the filter reaches past the loaded page; S enters select mode and Esc leaves it", async ({
  page,
  signedIn,
}) => {
  for (let i = 1; i <= 35; i++) await signedIn.api.createMemo(`Work item ${i} #work`);
  await signedIn.api.createMemo("Unrelated note");
  await page.goto("/?tag=work");
  await expect(memoCards(page)).toHaveCount(30);

  await page.locator("body").press("s");
  await bar(page).getByRole("button", { name: "Select all 35 memos" }).click();
  await expect(bar(page).getByRole("status")).toHaveText("Selected: 35");
  await expect(bar(page).getByRole("button", { name: "Clear selection" })).toBeVisible();
  await bar(page).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Pin", exact: true }).click();
  await expect(toast(page, "Pinned 35 memos")).toBeVisible();
  const pinned = (await signedIn.api.myMemos()).filter((memo) => memo.pinned);
  expect(pinned).toHaveLength(35);
  expect(pinned.every((memo) => memo.content.includes("#work"))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(bar(page)).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});

test("the selection's zip holds those memos; the archive restores a selection", async ({ page, signedIn }) => {
  const kept = await signedIn.api.createMemo("Keep me out");
  const first = await signedIn.api.createMemo("Export one");
  const second = await signedIn.api.createMemo("Export two");
  await page.goto("/");
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await checkbox(page, "Export one").click();
  await checkbox(page, "Export two").click();
  const downloading = page.waitForEvent("download");
  await bar(page).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Export as zip" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^memos-export-.+-\d{4}-\d{2}-\d{2}-selection\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const memos = Object.keys(files).filter((path) => path.startsWith("memos/"));
  expect(memos.map((path) => path.replace(/^.*-(\d+)\.md$/, "$1")).sort()).toEqual([String(first.id), String(second.id)].sort());
  expect(JSON.parse(strFromU8(files["manifest.json"]!))).toMatchObject({ scope: "selection", counts: { memos: 2 } });
  await expect(toast(page, "Exported 2 memos")).toBeVisible();

  await page.keyboard.press("Escape");
  for (const memo of [kept, first, second]) await signedIn.api.archive(memo.id);
  await page.reload();
  await (await openSidebar(page)).getByRole("button", { name: "Archived" }).click();
  const dialog = page.getByRole("dialog", { name: "Archived memos" });
  await dialog.getByRole("button", { name: "Select", exact: true }).click();
  await dialog.getByRole("button", { name: "Select all 3 memos" }).click();
  await dialog.getByRole("listitem").filter({ hasText: "Keep me out" }).getByRole("checkbox").click();
  await expect(dialog.getByRole("status")).toHaveText("Selected: 2");
  await dialog.getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Restore" }).click();
  await expect(toast(page, "Restored 2 memos")).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ has: page.getByRole("checkbox") })).toHaveCount(1);
  // Esc leaves the dialog's select mode first, then closes the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("checkbox")).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect((await signedIn.api.myMemos()).map((memo) => memo.content).sort()).toEqual(["Export one", "Export two"]);
});
