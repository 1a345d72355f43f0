// The Resources dialog: the empty state, uploads with progress, thumbnails and file tiles, the image
// viewer (zoom, next and previous), copy link, rename, delete (naming how many memos lose the file) and
// "clear unused"; and the dialog in German.
import type { Locator, Page } from "@playwright/test";
import { makePng, type Resource } from "../support/api";
import { expect, screenshot, test } from "../support/fixtures";
import { allowClipboard, readClipboard, sidebar, toast } from "../support/ui";

async function openResources(page: Page): Promise<Locator> {
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Resources" }).click();
  const dialog = page.getByRole("dialog", { name: "Resources" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function resourceAction(page: Page, dialog: Locator, resource: Resource | string, item: string): Promise<void> {
  const name = typeof resource === "string" ? resource : resource.filename;
  await dialog.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("uploads with progress into an empty list of thumbnails and file tiles", async ({ page, signedIn: _ }, testInfo) => {
  const dialog = await openResources(page);
  await expect(dialog.getByText("No resources.")).toBeVisible();

  // Hold the uploads until their progress bars have been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/resource/blob", async (route) => {
    await held;
    await route.continue();
  });
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: "harbour.png", mimeType: "image/png", buffer: makePng(320, 200) },
    { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("tide tables\n") },
  ]);
  const progress = dialog.getByRole("progressbar", { name: "Upload progress of harbour.png" });
  await expect(progress).toBeVisible();
  await expect(dialog.getByText("Uploading notes.txt")).toBeVisible();
  release();
  await expect(progress).toHaveCount(0);
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);

  await expect(dialog.getByText("No resources.")).toHaveCount(0);
  await expect(dialog.getByText("2 resources")).toBeVisible();
  const thumbnail = dialog.getByRole("button", { name: "Preview: harbour.png" });
  await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
  expect(await thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const tile = dialog.getByRole("link", { name: "Open: notes.txt" });
  await expect(tile).toContainText("txt");
  await expect(tile).toHaveAttribute("href", /\/o\/r\/\d+\/notes\.txt$/);
  await expect(dialog.getByText("Unused", { exact: true })).toHaveCount(2);
  await screenshot(page, testInfo, "resources", { fullPage: false });
});

test("previews images with zoom, next and previous, and copies a link", async ({ page, signedIn, baseURL }, testInfo) => {
  await signedIn.api.uploadImage("dawn.png", makePng(480, 300));
  const dusk = await signedIn.api.uploadImage("dusk.png", makePng(300, 480));
  await allowClipboard(page, baseURL!);
  const dialog = await openResources(page);

  await dialog.getByRole("button", { name: "Preview: dusk.png" }).click();
  const viewer = page.getByRole("dialog", { name: "Preview" });
  await expect(viewer.getByRole("img", { name: "dusk.png" })).toBeVisible();
  await expect(viewer.getByText("dusk.png · 1 of 2")).toBeVisible();
  const fit = viewer.getByRole("button", { name: "Fit to screen" });
  const before = await fit.textContent();
  const width = async () => (await viewer.getByRole("img").boundingBox())!.width;
  const fittedWidth = await width();
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect(fit).not.toHaveText(before!);
  expect(await width()).toBeGreaterThan(fittedWidth * 1.4);
  await expect(viewer.getByRole("button", { name: "Zoom out" })).toBeEnabled();
  await fit.click();
  await expect(fit).toHaveText(before!);

  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(viewer.getByText("dawn.png · 2 of 2")).toBeVisible();
  await expect(viewer.getByRole("img", { name: "dawn.png" })).toBeVisible();
  await screenshot(page, testInfo, "resources-viewer", { fullPage: false });
  await viewer.getByRole("button", { name: "Previous image" }).click();
  await expect(viewer.getByText("dusk.png · 1 of 2")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(viewer.getByText("dawn.png · 2 of 2")).toBeVisible();
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);

  await resourceAction(page, dialog, dusk, "Copy link");
  await expect(toast(page, "Copied")).toBeVisible();
  const link = await readClipboard(page);
  expect(link).toBe(`${baseURL}/o/r/${dusk.id}/dusk.png`);
  const file = await page.request.get(link);
  expect(file.headers()["content-type"]).toContain("image/png");
});

test("renames a resource, refusing an invalid filename", async ({ page, signedIn }) => {
  const resource = await signedIn.api.uploadImage("IMG_0001.png");
  const dialog = await openResources(page);
  await resourceAction(page, dialog, resource, "Rename");
  const rename = page.getByRole("dialog", { name: "Rename resource" });
  const field = rename.getByLabel("Filename");
  await expect(field).toHaveValue("IMG_0001.png");
  await field.fill("lunch/menu.png");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename.getByRole("alert")).toHaveText("Invalid filename.");
  await expect(rename).toBeVisible();

  await field.fill("lunch-menu.png");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Resource filename changed")).toBeVisible();
  await expect(rename).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Preview: lunch-menu.png" })).toBeVisible();
  await expect(dialog.getByText("IMG_0001.png")).toHaveCount(0);
  expect((await signedIn.api.resources()).map((item) => item.filename)).toEqual(["lunch-menu.png"]);
});

test("delete names the memos that use a resource; clear unused removes only unused ones", async ({ page, signedIn }, testInfo) => {
  const used = await signedIn.api.uploadImage("used.png");
  await signedIn.api.createMemo("First memo with the picture", "PRIVATE", [used.id]);
  await signedIn.api.createMemo("Second memo with the picture", "PRIVATE", [used.id]);
  const dialog = await openResources(page);
  await expect(dialog.getByText("Used in 2 memos")).toBeVisible();

  await dialog.getByRole("button", { name: "Clear unused" }).click();
  await expect(toast(page, "No unused resources")).toBeVisible();

  await signedIn.api.uploadFile("stray.txt", "text/plain", Buffer.from("stray"));
  await signedIn.api.uploadImage("stray.png");
  // The dialog is in the address (?dialog=resources): a reload opens it again, with the new files.
  await page.reload();
  await expect(dialog.getByText("3 resources")).toBeVisible();
  await dialog.getByRole("button", { name: "Clear unused" }).click();
  const clear = page.getByRole("dialog", { name: "Delete 2 unused resources?" });
  await expect(clear).toContainText("No memo uses them.");
  await screenshot(page, testInfo, "resources-clear-unused", { fullPage: false });
  await clear.getByRole("button", { name: "Clear unused" }).click();
  await expect(toast(page, "Deleted 2 unused resources")).toBeVisible();
  await expect(dialog.getByText("1 resource", { exact: true })).toBeVisible();
  await expect(dialog.getByText("stray.txt")).toHaveCount(0);

  await resourceAction(page, dialog, used, "Delete");
  const confirm = page.getByRole("dialog", { name: "Delete “used.png”?" });
  await expect(confirm).toContainText("2 memos use this resource and will lose it. This can't be undone.");
  // Exactly: the toast of the clearing above sits in this dialog too, and its words begin with "Deleted".
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Resource deleted")).toBeVisible();
  await expect(dialog.getByText("No resources.")).toBeVisible();
  expect(await signedIn.api.resources()).toEqual([]);
});

test("the Resources dialog in German", async ({ page, signedIn }, testInfo) => {
  await signedIn.api.setUserSetting("locale", "de");
  await page.goto("/");
  await page.getByRole("complementary", { name: "Seitenleiste" }).getByRole("button", { name: "Ressourcen" }).click();
  const dialog = page.getByRole("dialog", { name: "Ressourcen" });
  await expect(dialog.getByText("Keine Ressourcen.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Hochladen" })).toBeVisible();
  await screenshot(page, testInfo, "resources-de", { fullPage: false });
});

test("@phone-only resources on a phone", async ({ page, signedIn }, testInfo) => {
  await signedIn.api.uploadImage("harbour.png", makePng(640, 400));
  await signedIn.api.uploadFile("tides.pdf", "application/pdf", Buffer.from("%PDF-1.4\n"));
  await page.goto("/resources");
  await expect(page.getByRole("button", { name: "Preview: harbour.png" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open: tides.pdf" })).toContainText("pdf");
  await page.evaluate(() => Promise.all(Array.from(document.images, (img) => img.decode().catch(() => undefined))));
  await screenshot(page, testInfo, "resources", { fullPage: false });
});
