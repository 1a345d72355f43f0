// A picture that failed to load while the browser was offline loads by itself once the network is back: no
// reload, no click. Memo cards (an attachment and an image in the text) and the resource list.
import type { Locator } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { memoCard } from "../support/ui";

/** The image's natural width: 0 while it has not loaded, or when it failed. */
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);
/** Whether the browser has finished trying the image (loaded or failed). */
const settled = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete);

test("images that failed while offline load when the browser is back online, without a reload", async ({ page, context, signedIn }) => {
  const image = await signedIn.api.uploadImage("harbour.png");
  const inline = await signedIn.api.uploadImage("inline.png");
  await signedIn.api.createMemo(`Far down: the harbour at dawn\n\n![inline](/o/r/${inline.id}/inline.png)`, "PRIVATE", [image.id]);
  // Newer memos above it, tall enough that the lazy pictures are far below the first screen.
  const lines = Array.from({ length: 11 }, (_, index) => `- line ${index + 1}`).join("\n");
  for (let index = 0; index < 28; index++) await signedIn.api.createMemo(`Filler memo ${index + 1}\n${lines}`);

  await page.goto("/");
  await expect(memoCard(page, "Filler memo 28")).toBeVisible();
  const card = memoCard(page, "Far down: the harbour at dawn");
  const attachment = card.getByRole("img", { name: "harbour.png" });
  const inText = card.getByRole("img", { name: "inline" });
  await expect.poll(() => naturalWidth(attachment)).toBe(0);

  await context.setOffline(true);
  await card.scrollIntoViewIfNeeded();
  for (const picture of [attachment, inText]) {
    await expect.poll(() => settled(picture)).toBe(true);
    expect(await naturalWidth(picture)).toBe(0);
  }

  await context.setOffline(false);
  await expect.poll(() => naturalWidth(card.getByRole("img", { name: "harbour.png" }))).toBe(96);
  await expect.poll(() => naturalWidth(card.getByRole("img", { name: "inline" }))).toBe(96);
});
