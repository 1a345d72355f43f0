// A server started with --storage local: uploads from the web land as files under <data>/assets, are shown and
// downloaded like any upload, and Settings › System tells the host where new uploads go.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "@playwright/test";
import { type Credentials, makePng, MemosApi } from "../support/api";
import { expect, screenshot, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings, sidebar } from "../support/ui";

const test = withOwnServer(["--storage", "local"]);
const HOST: Credentials = { username: "keeper", password: "keeper-secret" };

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test("uploads from the web are files on disk, shown and downloaded byte for byte", async ({ page, baseURL, ownServer }, testInfo) => {
  const context = await request.newContext();
  await new MemosApi(context, baseURL!).signUp(HOST, "HOST");
  await context.dispose();
  await signInPage(page, baseURL!, HOST);

  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "Resources" }).click();
  const dialog = page.getByRole("dialog", { name: "Resources" });
  const png = makePng(240, 160);
  await dialog.locator('input[type="file"]').setInputFiles([{ name: "lighthouse.png", mimeType: "image/png", buffer: png }]);
  const thumbnail = dialog.getByRole("button", { name: "Preview: lighthouse.png" });
  await expect(thumbnail.locator("img")).toHaveJSProperty("complete", true);
  expect(await thumbnail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  const files = filesUnder(join(ownServer.dataDir, "data", "assets")).filter((file) => !file.includes(".incoming"));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/assets\/0\/1-[0-9a-f]{8}-lighthouse\.png$/);
  expect(sha256(readFileSync(files[0]!))).toBe(sha256(png));
  const download = await page.request.get("/o/r/1/lighthouse.png");
  expect(download.status()).toBe(200);
  expect(sha256(await download.body())).toBe(sha256(png));
  await page.keyboard.press("Escape");

  const settings = await openSettings(page, "System");
  await expect(settings.getByTestId("storage-mode")).toHaveText("As files in <data>/assets");
  await settings.getByTestId("storage-mode").scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "settings-system-storage", { fullPage: false });
});
