// Settings › My account › Your data: "Export" downloads a zip of the member's memos, with progress.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { expect, screenshot, test } from "../support/fixtures";
import { openSettings } from "../support/ui";

test("Export my data downloads a zip holding the memo", async ({ page, signedIn }, testInfo) => {
  const memo = await signedIn.api.createMemo("Exported from the browser #export", "PRIVATE");
  await page.goto("/");
  const settings = await openSettings(page);
  const yourData = settings.getByRole("region", { name: "Your data" });
  await yourData.scrollIntoViewIfNeeded();
  await expect(yourData.getByText("Export my data")).toBeVisible();
  await screenshot(page, testInfo, "settings-export", { fullPage: false });

  const download = page.waitForEvent("download");
  await yourData.getByRole("button", { name: "Export", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^memos-export-${signedIn.user.username}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));

  const files = unzipSync(new Uint8Array(readFileSync(await file.path())));
  const memoPath = Object.keys(files).find((path) => path.endsWith(`-${memo.id}.md`));
  expect(memoPath).toMatch(/^memos\/\d{4}\/\d{4}-\d\d-\d\d-\d+\.md$/);
  expect(strFromU8(files[memoPath!]!)).toContain("Exported from the browser #export");
  expect(JSON.parse(strFromU8(files["manifest.json"]!))).toMatchObject({ format: "memos-export", counts: { memos: 1 } });
  await expect(yourData.getByRole("button", { name: "Export", exact: true })).toBeEnabled();
});
