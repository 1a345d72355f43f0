// Settings › System on a phone, on a server of its own with rolling backups on: the Backups row's long status
// goes under its label instead of squeezing it to a word a line and running over it, and nothing scrolls sideways.
import { request } from "@playwright/test";
import { MemosApi } from "../support/api";
import { expect, signInPage, withOwnServer } from "../support/fixtures";
import { openSettings } from "../support/ui";

const test = withOwnServer(["--backup-every", "6h"]);
const HOST = { username: "keeper", password: "keeper-secret" };

test("@phone-only the Backups row fits a phone: its status under the label, nothing overflowing", async ({ page, baseURL }) => {
  const context = await request.newContext();
  await new MemosApi(context, baseURL!).signUp(HOST, "HOST");
  await context.dispose();
  await signInPage(page, baseURL!, HOST);
  await page.goto("/");
  const settings = await openSettings(page, "System");
  const status = settings.getByTestId("backup-status");
  await expect(status).toContainText("Every 6 hours");
  await expect(status).toContainText("Last backup");
  const hint = settings.getByText("Rolling copies of the database file");
  const [hintBox, statusBox] = [await hint.boundingBox(), await status.boundingBox()];
  expect(statusBox!.y).toBeGreaterThanOrEqual(hintBox!.y + hintBox!.height);
  expect(statusBox!.x + statusBox!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
