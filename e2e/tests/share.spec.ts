// Share a memo: the card as a PNG (download and copy), the memo's link and its embed code.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
  expect(embed).toMatch(/^<iframe [^>]*><\/iframe>\n<script>[^\n]*<\/script>$/);
  expect(embed).toContain(`src="${baseURL}/m/${memo.id}/embed"`);
  const embedded = await page.request.get(`${baseURL}/m/${memo.id}/embed`);
  expect(embedded.ok()).toBe(true);
});

test("the embed code sizes its iframe to the card: short and long memos, on another site's page", async ({ page, signedIn, baseURL }) => {
  const short = await signedIn.api.createMemo("A short public note", "PUBLIC");
  const long = await signedIn.api.createMemo(Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long note`).join("\n\n"), "PUBLIC");
  await allowClipboard(page, baseURL!);
  await page.goto("/");
  const codes: string[] = [];
  for (const memo of [short, long]) {
    await memoAction(page, memoCard(page, memo.content.slice(0, 12)), "Copy embed code");
    await expect.poll(() => readClipboard(page)).toContain(`/m/${memo.id}/embed`);
    codes.push(await readClipboard(page));
  }
  // A page on another origin (a server of its own on this machine) pastes both snippets.
  const blog = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><html><body>${codes.join("\n<hr>\n")}</body></html>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  const { port } = blog.address() as AddressInfo;
  try {
    await page.goto(`http://127.0.0.1:${port}/post`);
    const frames = page.locator("iframe[data-memos-embed]");
    await expect(frames).toHaveCount(2);
    const height = (index: number) => frames.nth(index).evaluate((frame) => frame.getBoundingClientRect().height);
    // Both start at 320 px; each becomes its card's height: the short one shorter, the long one taller, nothing cut.
    await expect.poll(() => height(0)).toBeLessThan(200);
    await expect.poll(() => height(1)).toBeGreaterThan(800);
    const inner = await frames
      .nth(1)
      .contentFrame()
      .locator("article")
      .evaluate((card) => card.getBoundingClientRect().bottom);
    expect(await height(1)).toBeGreaterThanOrEqual(Math.floor(inner));
  } finally {
    blog.close();
  }
});

test("copying the link or embed code of a private memo warns that nobody else can open it", async ({ page, signedIn, baseURL }) => {
  await signedIn.api.createMemo("My private thought", "PRIVATE");
  await allowClipboard(page, baseURL!);
  await page.goto("/");
  await memoAction(page, memoCard(page, "My private thought"), "Copy link");
  await expect(page.getByText("Link copied. This memo is private: nobody else can open it.")).toBeVisible();
  await memoAction(page, memoCard(page, "My private thought"), "Copy embed code");
  await expect(page.getByText("Embed code copied. This memo is private: nobody else can see it.")).toBeVisible();
});
