// Share a memo: the card as a PNG (download and copy), the memo's link and its embed code.
import { readFileSync } from "node:fs";
import { makePng } from "../support/api";
import { join } from "node:path";
import { ARTIFACTS, expect, screenshot, test } from "../support/fixtures";
import { allowClipboard, memoAction, memoCard, readClipboard, toast } from "../support/ui";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test("@phone shares a memo as a PNG, a link and embed code", async ({ page, signedIn, baseURL }, testInfo) => {
  await signedIn.api.setNickname(signedIn.user.id, "Harbour Master");
  const image = await signedIn.api.uploadImage("pier.png", makePng(480, 270));
  const memo = await signedIn.api.createMemo(
    "Evening at the pier #harbour\n\n- [x] lines coiled\n- [ ] lamp checked\n\n```\nwind: 4 bft\n```",
    "PUBLIC",
    [image.id],
  );
  await allowClipboard(page, baseURL!);
  await page.goto("/");
  await memoAction(page, memoCard(page, "Evening at the pier"), "Share as image");
  const dialog = page.getByRole("dialog", { name: "Share memo" });
  const card = dialog.getByRole("group", { name: "Memo card to share" });
  await expect(card).toContainText("Evening at the pier");
  await expect(card).toContainText("Harbour Master");
  await expect(card).toContainText("1 memo");
  await expect(card).toContainText("memos");
  await expect(card.locator("img").first()).toBeVisible();
  await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))));
  await screenshot(page, testInfo, "share", { fullPage: false });

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download image" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`memos-memo-${memo.id}.png`);
  const bytes = readFileSync((await download.path())!);
  await download.saveAs(join(ARTIFACTS, `${testInfo.project.name}-share-export.png`));
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // Rendered at twice the density: wider than the card on screen.
  const cardWidth = (await card.boundingBox())!.width;
  expect(bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(Math.floor(cardWidth * 2) - 2);
  await expect(toast(page, "Image downloaded")).toBeVisible();

  await dialog.getByRole("button", { name: "Copy image" }).click();
  await expect(toast(page, "Image copied")).toBeVisible();
  const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => item.types));
  expect(types).toContain("image/png");

  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page, "Link copied")).toBeVisible();
  expect(await readClipboard(page)).toBe(`${baseURL}/m/${memo.id}`);

  await dialog.getByRole("button", { name: "Copy embed code" }).click();
  await expect(toast(page, "Embed code copied")).toBeVisible();
  const embed = await readClipboard(page);
  expect(embed).toMatch(/^<iframe [^>]*><\/iframe>$/);
  expect(embed).toContain(`src="${baseURL}/m/${memo.id}/embed"`);
  const embedded = await page.request.get(`${baseURL}/m/${memo.id}/embed`);
  expect(embedded.ok()).toBe(true);
});
